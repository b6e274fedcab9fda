import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { acceptanceFailures, rejectionFailures, sendToVerify, signedStart } from "./send-to-verify.ts";
import { signsTimestamp } from "./signature-anatomy.ts";

/** Well inside any scheme's tolerance: a platform's clock may be this far off either way. */
const SKEW_SECONDS = 60;
/** Twice the usual five minutes: a timestamp this far ahead is no clock skew. */
const FUTURE_SECONDS = 600;

/** The tolerance holds on both sides of now: a minute's skew either way verifies, ten minutes ahead does not. */
export const timestampBothSides: ConformanceCheck = {
  id: "verify-webhook.timestamp-both-sides",
  group: "verify-webhook",
  level: "required",
  rationale:
    "The timestamp tolerance holds on both sides of now: ±60 s verifies, ten minutes in the future is refused (contract.md#platform-signatures, D9's ±300 s).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { prepared } = start;
    const now = Math.floor(Date.now() / 1000);
    if (!signsTimestamp(ctx, prepared.request, `msg_${prepared.nonce}`, now)) {
      return notApplicable(`the ${ctx.fixtures.inbound?.signing?.scheme} scheme signs no timestamp`);
    }
    const signedAt = (offset: number) =>
      ctx.sign(prepared.request, { id: `msg_${prepared.nonce}${offset}`, timestamp: now + offset });
    const send = (offset: number) => sendToVerify(ctx, prepared.request, signedAt(offset));
    const failures: CheckFailure[] = [
      ...acceptanceFailures(await send(-SKEW_SECONDS), ctx, `a signature ${SKEW_SECONDS} s old`),
      ...acceptanceFailures(await send(SKEW_SECONDS), ctx, `a signature ${SKEW_SECONDS} s ahead`),
      ...rejectionFailures(await send(FUTURE_SECONDS), ctx, `a signature ${FUTURE_SECONDS} s in the future`),
    ];
    return outcomeOf(failures);
  },
};
