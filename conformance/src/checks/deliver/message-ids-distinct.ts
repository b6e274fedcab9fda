import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverText, expectDelivered, sends } from "./deliver-text.ts";

/**
 * Two deliveries of the same text are two messages with two `message_id`s: an id derived from the content (or a
 * constant) makes the service take the second for the first. An id the platform gave (found in the fixtures'
 * canned answers, so the same for every delivery) is the platform's and not judged.
 */
export const messageIdsDistinct: ConformanceCheck = {
  id: "deliver.message-ids-distinct",
  group: "deliver",
  level: "required",
  rationale:
    "message_id identifies one delivered message, so two deliveries of the same text get two ids (contract.md#deliver, D5).",
  appliesWhen: sends,
  async run(ctx) {
    const nonce = ctx.nonce();
    const text = `adapterkit same text ${nonce}`;
    const first = await expectDelivered(ctx, await deliverText(ctx, { text }), nonce);
    if (!first.ok) return failed([first.failure]);
    const second = await expectDelivered(ctx, await deliverText(ctx, { text }), nonce);
    if (!second.ok) return failed([second.failure]);
    const idOf = (result: typeof first.call.result) =>
      result.ok && result.value.ok ? result.value.message_id : undefined;
    const a = idOf(first.call.result);
    const b = idOf(second.call.result);
    if (a !== b) return passed();
    // A canned stand-in answer gives every delivery the same platform id: then the id is the platform's, not minted.
    if (a !== undefined && JSON.stringify(ctx.render(ctx.fixtures.platform?.routes ?? [])).includes(a)) {
      return notApplicable(`message_id ${show(a)} comes from the stand-in platform's canned answer`);
    }
    return failed([
      checkFailure(ctx, second.call.call, {
        message: `two deliveries of the same text share message_id ${show(a)}`,
        pointer: "/message_id",
        expected: `an id other than ${show(a)}`,
        actual: show(b),
      }),
    ]);
  },
};
