import { randomInt } from "node:crypto";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, outcomeOf } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { answeredThreadFailure } from "./answered-thread-failure.ts";
import { deliverFixtures, resolvePointer } from "./deliver-fixtures.ts";
import { carries, deliverText, expectDelivered, sends } from "./deliver-text.ts";

/**
 * A thread id that looks like a number (a Slack `ts` with trailing zeros) comes back and reaches the platform
 * character for character: an adapter that reads it as a number sends `1712345678.0001` for `1712345678.000100`.
 */
export const threadIdExact: ConformanceCheck = {
  id: "deliver.thread-id-exact",
  group: "deliver",
  level: "required",
  rationale:
    "Thread ids are opaque strings: one that looks like a number reaches the platform and comes back character for character (contract.md#deliver, D5).",
  appliesWhen: sends,
  async run(ctx) {
    const fixtures = deliverFixtures(ctx);
    if (fixtures.thread_id !== undefined || fixtures.thread_header !== undefined) {
      return notApplicable("the platform's thread ids have their own format (deliver.thread_id or thread_header)");
    }
    const nonce = ctx.nonce();
    const threadId = `17${String(randomInt(10_000_000, 99_999_999))}.000100`;
    const delivered = await expectDelivered(
      ctx,
      await deliverText(ctx, { text: `adapterkit ts ${nonce}`, threadId }),
      nonce,
    );
    if (!delivered.ok) return failed([delivered.failure]);
    const { call } = delivered.call;
    const answeredElsewhere = answeredThreadFailure(
      ctx,
      delivered.call,
      threadId,
      "the answer names the thread in another spelling",
    );
    const failures: CheckFailure[] = answeredElsewhere === undefined ? [] : [answeredElsewhere];
    const { delivery } = delivered;
    const reached =
      fixtures.thread_pointer === undefined
        ? carries(delivery, threadId)
        : resolvePointer(delivery.json, fixtures.thread_pointer) === threadId;
    if (!reached) {
      failures.push(
        checkFailure(ctx, call, {
          message: "the platform did not get the thread id as given",
          expected: show(threadId),
          actual:
            fixtures.thread_pointer === undefined
              ? "(not in the request)"
              : show(resolvePointer(delivery.json, fixtures.thread_pointer)),
          step: "capture",
        }),
      );
    }
    return outcomeOf(failures);
  },
};
