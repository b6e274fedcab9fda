import type { ConformanceCheck } from "../../context.ts";
import { securityCoversSignedParts } from "./covers-signed-parts.ts";
import { publicManifestHealth } from "./public-manifest-health.ts";
import { securityRejectsMalformedSignature } from "./rejects-malformed-signature.ts";
import { securityRotatedSecrets } from "./rotated-secrets.ts";
import { signingSecretNeeded } from "./signing-secret-needed.ts";
import { securityTimestampBothSides } from "./timestamp-both-sides.ts";
import { unsignedRejected } from "./unsigned-rejected.ts";
import { wrongSignatureRejected } from "./wrong-signature-rejected.ts";

/** The D9 security checks (they run when the run is given the adapter's signing secret; the first when it is not). */
export const securityChecks: ConformanceCheck[] = [
  signingSecretNeeded,
  unsignedRejected,
  wrongSignatureRejected,
  publicManifestHealth,
  securityCoversSignedParts,
  securityTimestampBothSides,
  securityRejectsMalformedSignature,
  securityRotatedSecrets,
];
