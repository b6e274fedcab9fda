import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { formats, formatText } from "./format-text.ts";

/** CommonMark + GFM exercising the usual constructs. */
export const MARKDOWN_SAMPLE = [
  "# Release notes",
  "",
  "Some **bold**, some _italic_, a `code span` and a [link](https://example.com/docs).",
  "",
  "- first item",
  "- second item",
  "",
  "```",
  "npm test",
  "```",
].join("\n");

/** A Markdown text formats to a non-empty `{ text }`. */
export const markdownAnswersText: ConformanceCheck = {
  id: "format.markdown-answers-text",
  group: "format",
  level: "required",
  rationale:
    "/format converts CommonMark + GFM to the platform's convention and answers { text } (contract.md#format, D6).",
  appliesWhen: formats,
  async run(ctx) {
    const { call, result } = await formatText(ctx, MARKDOWN_SAMPLE);
    if (!result.ok) return failed([callFailure(ctx, call, result)]);
    if (result.value.text.trim() === "") {
      return failed([
        checkFailure(ctx, call, {
          message: "a Markdown text formatted to nothing",
          pointer: "/text",
          expected: "a non-empty text",
          actual: '""',
        }),
      ]);
    }
    return passed();
  },
};
