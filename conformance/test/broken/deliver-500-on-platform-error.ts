import type { BrokenAdapter } from "../run-against.ts";

/** Crashes with a 500 when the platform answers a 5xx, so the service cannot tell a platform outage from a bug. */
export const deliver500OnPlatformError: BrokenAdapter = {
  fault: "deliver 500 on a platform 5xx",
  adapter: {
    overrides: {
      deliver: async (_request, reference) => {
        const answer = await reference();
        const body = answer.body as { ok?: unknown; retryable?: unknown } | undefined;
        if (body?.ok !== false || body.retryable !== true) return answer;
        return { status: 500, body: { ok: false, error: "internal error", code: "internal_error" } };
      },
    },
  },
  caughtBy: ["deliver.platform-error-retryable", "deliver.platform-429-retryable"],
};
