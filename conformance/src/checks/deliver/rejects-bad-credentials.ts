import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { deliverText, sends } from "./deliver-text.ts";

/**
 * A delivery with the fixtures' bad credentials is refused: `{ ok: false, retryable: false }` (no retry can fix
 * them) or a 4xx, never a 5xx other than 502.
 */
export const rejectsBadCredentials: ConformanceCheck = {
  id: "deliver.rejects-bad-credentials",
  group: "deliver",
  level: "required",
  rationale:
    "Refused credentials answer { ok: false, error, retryable: false } or a 4xx, not a crash, and never ask for a " +
    "retry that cannot help (D5, D8; STYLE 9).",
  appliesWhen: sends,
  async run(ctx) {
    const credentials = ctx.render(ctx.fixtures.credentials.bad);
    const delivered = await deliverText(ctx, { text: `adapterkit bad credentials ${ctx.nonce()}`, credentials });
    if (!("result" in delivered)) return failed([delivered]);
    const { call, result } = delivered;
    if (result.ok) {
      if (!result.value.ok && result.value.retryable !== true) return passed();
      if (!result.value.ok) {
        return failed([
          checkFailure(ctx, call, {
            message: "the delivery with bad credentials was refused as retryable, yet no retry can fix credentials",
            pointer: "/retryable",
            expected: "false",
            actual: show(result.value),
          }),
        ]);
      }
      return failed([
        checkFailure(ctx, call, {
          message: "the delivery with bad credentials reported success",
          pointer: "/ok",
          expected: "false",
          actual: show(result.value),
        }),
      ]);
    }
    const { error } = result;
    if (error.kind === "http_status" && ((error.status >= 400 && error.status < 500) || error.status === 502)) {
      return passed(`refused with HTTP ${error.status}`);
    }
    return failed([
      callFailure(
        ctx,
        call,
        result,
        "bad credentials must answer { ok: false } or a 4xx (a 502 when the platform fails)",
      ),
    ]);
  },
};
