import type { BrokenAdapter } from "../run-against.ts";

/** Crashes with a 500 when the platform refuses the token instead of answering `{ ok: false }`. */
export const deliver500OnBadCredentials: BrokenAdapter = {
  fault: "deliver 500 on bad credentials",
  adapter: {
    overrides: {
      deliver: async (_request, reference) => {
        const answer = await reference();
        const body = answer.body as { ok?: unknown; retryable?: unknown } | undefined;
        if (body?.ok !== false || body.retryable !== false) return answer;
        return { status: 500, body: { ok: false, error: "unauthorized token", code: "internal_error" } };
      },
    },
  },
  caughtBy: ["deliver.rejects-bad-credentials", "deliver.platform-4xx-not-retryable"],
};
