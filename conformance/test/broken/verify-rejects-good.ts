import type { BrokenAdapter } from "../run-against.ts";

/** Mangles the token before asking the platform, so even good credentials fail to verify. */
export const verifyRejectsGood: BrokenAdapter = {
  fault: "verify refuses good credentials",
  adapter: {
    overrides: {
      verify: async (request, reference) => {
        const json = request.json as { credentials?: Record<string, unknown> } | undefined;
        if (json?.credentials === undefined) return undefined;
        return reference({
          ...request,
          json: { ...json, credentials: { ...json.credentials, token: `${String(json.credentials.token)}-mangled` } },
        });
      },
    },
  },
  caughtBy: ["verify.good-credentials"],
};
