import type { BrokenAdapter } from "../run-against.ts";

/** Leaves `/format` as the scaffold's 501 stub although the app is a channel app. */
export const formatNotImplemented: BrokenAdapter = {
  fault: "501 on a required endpoint (/format left as a stub)",
  adapter: {
    overrides: {
      format: () => ({
        status: 501,
        body: { ok: false, error: "format is not implemented yet", code: "not_implemented" },
      }),
    },
  },
  caughtBy: [
    "robustness.unicode-edge-cases",
    "endpoints.required-implemented",
    // Every check that needs /format to answer fails with it: the same fault, seen from each side.
    "format.markdown-answers-text",
    "format.plain-text-unchanged",
    "format.empty-text",
    "format.fixture-samples",
    "robustness.malformed-json",
    "robustness.missing-fields",
    "robustness.wrong-types",
  ],
};
