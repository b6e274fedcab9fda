import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverText, sends } from "./deliver-text.ts";

/** A delivery with good credentials to the sandbox channel answers `200 { ok: true, message_id }`. */
export const responseShape: ConformanceCheck = {
  id: "deliver.response-shape",
  group: "deliver",
  level: "required",
  rationale: "A delivery answers 200 { ok: true, message_id, thread_id? } (contract.md#deliver, D5).",
  appliesWhen: sends,
  async run(ctx) {
    const delivered = await deliverText(ctx, { text: `adapterkit deliver ${ctx.nonce()}` });
    if (!("result" in delivered)) return failed([delivered]);
    const { call, result } = delivered;
    if (!result.ok) return failed([callFailure(ctx, call, result)]);
    if (result.status !== 200) {
      return failed([
        checkFailure(ctx, call, {
          message: `answered HTTP ${result.status}`,
          expected: "200",
          actual: String(result.status),
        }),
      ]);
    }
    if (!result.value.ok) {
      return failed([
        checkFailure(ctx, call, {
          message: "a delivery with good credentials was refused",
          pointer: "/ok",
          expected: "true",
          actual: show(result.value),
        }),
      ]);
    }
    return passed();
  },
};
