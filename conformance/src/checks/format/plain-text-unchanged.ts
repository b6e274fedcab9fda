import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import { formats, formatText } from "./format-text.ts";

/** Text with nothing any convention would mark up or escape. */
export const PLAIN_SAMPLE = "Plain words without markup 42";

/** Plain text comes back as it went in (trailing whitespace aside): formatting has nothing to convert. */
export const plainTextUnchanged: ConformanceCheck = {
  id: "format.plain-text-unchanged",
  group: "format",
  level: "recommended",
  rationale: "Text without markup has nothing to convert, in any platform convention (D6; a heuristic).",
  appliesWhen: formats,
  async run(ctx) {
    const { call, result } = await formatText(ctx, PLAIN_SAMPLE);
    if (!result.ok) return failed([callFailure(ctx, call, result)]);
    if (result.value.text.trimEnd() === PLAIN_SAMPLE) return passed();
    return failed([
      checkFailure(ctx, call, {
        message: "plain text changed when formatted",
        pointer: "/text",
        expected: show(PLAIN_SAMPLE),
        actual: show(result.value.text),
      }),
    ]);
  },
};
