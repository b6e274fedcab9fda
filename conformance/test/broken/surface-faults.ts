import { REFERENCE_MANIFEST } from "../reference/manifest.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** The contract's paths below the mount, which a path-only router serves whatever the method. */
const KNOWN_PATHS = new Set([
  "/manifest.json",
  "/health",
  "/verify",
  "/verify-webhook",
  "/parse-inbound",
  "/deliver",
  "/format",
]);

/** Stamps the time it was served into the manifest's description: no two reads are the same. */
export const manifestStampedWithTime: BrokenAdapter = {
  fault: "the manifest changes between reads (a serving time in it)",
  adapter: {
    overrides: {
      manifest: () => ({
        status: 200,
        body: {
          ...REFERENCE_MANIFEST,
          description: `${REFERENCE_MANIFEST.description} Served ${process.hrtime.bigint()}.`,
        },
      }),
    },
  },
  caughtBy: ["manifest.stable"],
};

/** Routes by path only: GET /deliver runs deliver on a request without a body and crashes, a 500. */
export const pathOnlyRouting: BrokenAdapter = {
  fault: "another method on a known path crashes (routing by path only)",
  adapter: {
    overrides: {
      "unknown-route": (request) =>
        KNOWN_PATHS.has(request.path)
          ? { status: 500, body: { ok: false, error: "internal error", code: "internal_error" } }
          : undefined,
    },
  },
  caughtBy: ["endpoints.other-methods-refused"],
};

/** The manifest and endpoint faults of issue 19, one check each. */
export const SURFACE_FAULTS: readonly BrokenAdapter[] = [manifestStampedWithTime, pathOnlyRouting];
