import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { receives } from "../parse-inbound/receives.ts";
import { acceptanceFailures, rejectionFailures, sendToVerify, signedStart } from "./send-to-verify.ts";
import { signatureAnatomy, withPartChanged } from "./signature-anatomy.ts";

/**
 * Besides the body (`rejects-tampered-byte`), the message id and the timestamp a scheme signs are covered: the
 * request is first accepted as signed, then sent again with one of them changed under the same signature.
 */
export const coversSignedParts: ConformanceCheck = {
  id: "verify-webhook.covers-signed-parts",
  group: "verify-webhook",
  level: "required",
  rationale:
    "Every part the scheme signs is covered: the same signature with another message id or timestamp fails (D2, D3).",
  appliesWhen: receives,
  async run(ctx) {
    const start = signedStart(ctx);
    if (!start.ok) return start.outcome;
    const { prepared } = start;
    const anatomy = signatureAnatomy(ctx, prepared);
    const parts = (["id", "timestamp"] as const).filter((part) => anatomy[part].length > 0);
    const scheme = ctx.fixtures.inbound?.signing?.scheme;
    if (parts.length === 0) return notApplicable(`the ${scheme} scheme signs only the body`);
    const failures: CheckFailure[] = acceptanceFailures(
      await sendToVerify(ctx, prepared.request, anatomy.headers),
      ctx,
      "the correctly signed request",
    );
    for (const part of parts) {
      const what = `the same signature with another ${part === "id" ? "message id" : "timestamp"} (${anatomy[part].join(", ")})`;
      const headers = withPartChanged(ctx, prepared, anatomy, part);
      failures.push(...rejectionFailures(await sendToVerify(ctx, prepared.request, headers), ctx, what));
    }
    return outcomeOf(failures, `${parts.join(" and ")} changed alone`);
  },
};
