import type { BrokenAdapter } from "../run-against.ts";

/** Quotes the whole request in its 400 error, credentials included. */
export const credentialsEchoed: BrokenAdapter = {
  fault: "credentials echoed in an error",
  adapter: {
    overrides: {
      deliver: async (request, reference) => {
        const answer = await reference();
        if (answer.status !== 400) return answer;
        return { ...answer, body: { ...(answer.body as object), error: `invalid request: ${request.rawBody}` } };
      },
    },
  },
  caughtBy: ["robustness.no-credentials-echoed"],
};
