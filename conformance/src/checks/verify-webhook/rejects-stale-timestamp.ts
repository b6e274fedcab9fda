import type { ConformanceCheck } from "../../context.ts";
import { notApplicable } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { judgeRejection, sendToVerify, signedStart } from "./send-to-verify.ts";
import { signsTimestamp } from "./signature-anatomy.ts";

/** Ten minutes: twice the usual five-minute tolerance of timestamped schemes. */
const STALE_SECONDS = 600;

/** A request freshly and correctly signed for a timestamp ten minutes old is rejected as a replay. */
export const rejectsStaleTimestamp: ConformanceCheck = {
  id: "verify-webhook.rejects-stale-timestamp",
  group: "verify-webhook",
  level: "required",
  rationale:
    "A correctly signed but ten-minute-old timestamp is a replay and fails verification (contract.md#platform-signatures, D9's ±300 s).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { request, nonce } = start.prepared;
    const now = Math.floor(Date.now() / 1000);
    const id = `msg_${nonce}`;
    // A scheme whose headers do not change with the timestamp (GitHub's) signs none: nothing can go stale.
    if (!signsTimestamp(ctx, request, id, now)) {
      return notApplicable(`the ${ctx.fixtures.inbound?.signing?.scheme} scheme signs no timestamp`);
    }
    const stale = ctx.sign(request, { id, timestamp: now - STALE_SECONDS });
    return judgeRejection(await sendToVerify(ctx, request, stale), ctx, "a signature over a ten-minute-old timestamp");
  },
};
