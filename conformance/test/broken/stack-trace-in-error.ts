import type { BrokenAdapter } from "../run-against.ts";

/** Puts the stack of the validation error into its 400 answers. */
export const stackTraceInError: BrokenAdapter = {
  fault: "stack trace in an error",
  adapter: {
    overrides: {
      format: async (_request, reference) => {
        const answer = await reference();
        if (answer.status !== 400) return answer;
        const stack = new Error("invalid format request").stack ?? "";
        return { ...answer, body: { ...(answer.body as object), error: stack } };
      },
    },
  },
  caughtBy: ["robustness.no-stack-traces"],
};
