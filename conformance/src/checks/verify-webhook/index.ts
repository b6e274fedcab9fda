import type { ConformanceCheck } from "../../context.ts";
import { acceptsValidSignature } from "./accepts-valid-signature.ts";
import { coversSignedParts } from "./covers-signed-parts.ts";
import { rejectsMalformedSignature } from "./rejects-malformed-signature.ts";
import { rejectsMissingSignature } from "./rejects-missing-signature.ts";
import { rejectsReserialisedJson } from "./rejects-reserialised-json.ts";
import { rejectsStaleTimestamp } from "./rejects-stale-timestamp.ts";
import { rejectsTamperedByte } from "./rejects-tampered-byte.ts";
import { rejectsWrongSecret } from "./rejects-wrong-secret.ts";
import { severalSignatures } from "./several-signatures.ts";
import { timestampBothSides } from "./timestamp-both-sides.ts";

/** The `/verify-webhook` checks (apply when the manifest declares `receive`). */
export const verifyWebhookChecks: ConformanceCheck[] = [
  acceptsValidSignature,
  rejectsTamperedByte,
  rejectsReserialisedJson,
  rejectsStaleTimestamp,
  rejectsWrongSecret,
  rejectsMissingSignature,
  coversSignedParts,
  timestampBothSides,
  rejectsMalformedSignature,
  severalSignatures,
];
