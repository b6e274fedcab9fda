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
  // The fixtures' samples hold Markdown the platform shows as it is, so wrapping those is wrong too.
  caughtBy: ["format.plain-text-unchanged", "format.fixture-samples"],
};
