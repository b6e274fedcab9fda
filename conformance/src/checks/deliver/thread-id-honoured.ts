import type { CapturedDelivery, CheckFailure } from "../../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import { failed, outcomeOf } from "../../outcome.ts";
import { checkFailure, type SentCall } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { answeredThreadFailure } from "./answered-thread-failure.ts";
import { type DeliverFixtures, deliverFixtures, resolvePointer } from "./deliver-fixtures.ts";
import { carries, deliverText, expectDelivered, sends } from "./deliver-text.ts";

/**
 * A delivery into a thread reaches the platform in that thread: at `deliver.thread_pointer` of the captured JSON,
 * in the `deliver.thread_header` header, or (neither given) anywhere in the captured request; and an answer that
 * names a `thread_id` names that one.
 */
export const threadIdHonoured: ConformanceCheck = {
  id: "deliver.thread-id-honoured",
  group: "deliver",
  level: "required",
  rationale:
    "message.thread_id is part of the deliver request, so the message goes into that thread (contract.md#deliver, D5).",
  appliesWhen: sends,
  async run(ctx) {
    const fixtures = deliverFixtures(ctx);
    const nonce = ctx.nonce();
    const threadId = ctx.render(fixtures.thread_id ?? "thread-{{nonce}}", { nonce });
    const delivered = await expectDelivered(
      ctx,
      await deliverText(ctx, { text: `adapterkit thread ${nonce}`, threadId }),
      `thread ${nonce}`,
    );
    if (!delivered.ok) return failed([delivered.failure]);
    const { call } = delivered.call;
    const answeredElsewhere = answeredThreadFailure(ctx, delivered.call, threadId, "the answer names another thread");
    const failures: CheckFailure[] = answeredElsewhere === undefined ? [] : [answeredElsewhere];
    const missing = whereMissing(delivered.delivery, fixtures, threadId);
    if (missing !== undefined) failures.push(platformFailure(ctx, call, threadId, missing));
    return outcomeOf(failures);
  },
};

/** Why the captured delivery does not carry the thread id, or undefined when it does. */
function whereMissing(
  delivery: CapturedDelivery,
  fixtures: DeliverFixtures,
  threadId: string,
): { where: string; actual: unknown } | undefined {
  if (fixtures.thread_pointer !== undefined) {
    const value = resolvePointer(delivery.json, fixtures.thread_pointer);
    return value === threadId
      ? undefined
      : { where: `at ${fixtures.thread_pointer} of the delivered JSON`, actual: value };
  }
  if (fixtures.thread_header !== undefined) {
    const value = delivery.headers[fixtures.thread_header.toLowerCase()];
    return value?.includes(threadId) ? undefined : { where: `in the ${fixtures.thread_header} header`, actual: value };
  }
  return carries(delivery, threadId) ? undefined : { where: "anywhere in the delivered request", actual: undefined };
}

function platformFailure(
  ctx: ConformanceContext,
  call: SentCall,
  threadId: string,
  missing: { where: string; actual: unknown },
): CheckFailure {
  return checkFailure(ctx, call, {
    message: `the platform did not get the thread id ${missing.where}`,
    expected: show(threadId),
    actual: show(missing.actual),
    step: "capture",
  });
}
