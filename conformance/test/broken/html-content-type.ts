import type { BrokenAdapter } from "../run-against.ts";

/** Answers `/format` with a JSON body labelled text/html. */
export const htmlContentType: BrokenAdapter = {
  fault: "text/html content type on JSON answers",
  adapter: {
    overrides: {
      format: async (_request, reference) => ({
        ...(await reference()),
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
    },
  },
  caughtBy: ["endpoints.json-content-type"],
};
