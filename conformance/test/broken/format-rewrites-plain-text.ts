import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** "Formats" every text by wrapping it in emphasis, plain text included. */
export const formatRewritesPlainText: BrokenAdapter = {
  fault: "format rewrites plain text",
  adapter: {
    overrides: {
      format: (_request, reference) => editAnswer(reference, (body) => ({ ...body, text: `*${String(body.text)}*` })),
    },
  },
  caughtBy: ["format.plain-text-unchanged"],
};
