import type { BrokenAdapter } from "../run-against.ts";

let polls = 0;

/** Reports a new version on every poll (a counter where a build id belongs). */
export const versionChanges: BrokenAdapter = {
  fault: "health version changing across polls",
  adapter: {
    overrides: {
      health: async (_request, reference) => {
        polls += 1;
        const answer = await reference();
        return { ...answer, body: { ...(answer.body as object), version: `build-${polls}` } };
      },
    },
  },
  caughtBy: ["health.version-stable"],
};
