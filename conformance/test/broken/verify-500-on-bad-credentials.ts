import type { BrokenAdapter } from "../run-against.ts";

/** Throws when the platform refuses the token instead of answering `{ ok: false }`. */
export const verify500OnBadCredentials: BrokenAdapter = {
  fault: "verify 500 on bad credentials",
  adapter: {
    overrides: {
      verify: async (_request, reference) => {
        const answer = await reference();
        const body = answer.body as { ok?: unknown } | undefined;
        return answer.status === 200 && body?.ok === false
          ? { status: 500, body: { ok: false, error: "platform said no", code: "internal_error" } }
          : answer;
      },
    },
  },
  // The guard check's refused probe is answered 500 too, where ok: false is due.
  caughtBy: ["verify.bad-credentials", "verify.outbound-guard"],
};
