import { REFERENCE_MANIFEST } from "../reference/manifest.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** Declares an oauth2 credential but no oauth_config to drive its flow. */
export const oauthWithoutConfig: BrokenAdapter = {
  fault: "oauth2 credential without oauth_config",
  adapter: {
    manifestPatch: {
      credentials: [...(REFERENCE_MANIFEST.credentials ?? []), { key: "reference_oauth", type: "oauth2" }],
    },
  },
  caughtBy: ["manifest.oauth-config"],
};
