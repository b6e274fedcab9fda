import type { BrokenAdapter } from "../run-against.ts";
import { editAnswer } from "./behaviour-helpers.ts";

/** Strips Markdown to plain text, though a generic webhook shows it unchanged (the fixtures say so). */
export const formatStripsMarkdown: BrokenAdapter = {
  fault: "format strips the Markdown the platform shows",
  adapter: {
    overrides: {
      format: (_request, reference) =>
        editAnswer(reference, (body) => ({ ...body, text: String(body.text).replace(/[*_~`]/g, "") })),
    },
  },
  caughtBy: ["format.fixture-samples"],
};
