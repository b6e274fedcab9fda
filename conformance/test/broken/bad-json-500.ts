import type { BrokenAdapter } from "../run-against.ts";

/** Crashes on a body that is not JSON instead of answering 400. */
export const badJson500: BrokenAdapter = {
  fault: "500 on bad JSON",
  adapter: {
    overrides: {
      verify: (request) =>
        request.json === undefined
          ? { status: 500, body: { ok: false, error: "Unexpected token in JSON", code: "internal_error" } }
          : undefined,
    },
  },
  caughtBy: ["robustness.malformed-json"],
};
