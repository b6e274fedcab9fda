import { REFERENCE_MANIFEST } from "../reference/manifest.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** Adds an api_key credential whose maps_to lands on a field another credential already fills. */
export const credentialNameCollision: BrokenAdapter = {
  fault: "two credentials mapped onto the same field",
  adapter: {
    manifestPatch: {
      credentials: [
        ...(REFERENCE_MANIFEST.credentials ?? []),
        { key: "reference_api_key", type: "api_key", maps_to: "token" },
      ],
    },
  },
  caughtBy: ["manifest.credentials"],
};
