import type { ConformanceCheck } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure } from "../parse-inbound/call-failure.ts";
import { formats, formatText } from "./format-text.ts";

/** An empty text is formatted (or refused with a 4xx), never a server error. */
export const emptyText: ConformanceCheck = {
  id: "format.empty-text",
  group: "format",
  level: "required",
  rationale: "An empty text is valid input (text is any string, D6) and never earns a 5xx (STYLE 9).",
  appliesWhen: formats,
  async run(ctx) {
    const { call, result } = await formatText(ctx, "");
    if (result.ok) return passed();
    const { error } = result;
    if (error.kind === "http_status" && error.status >= 400 && error.status < 500)
      return passed(`refused with HTTP ${error.status}`);
    return failed([callFailure(ctx, call, result, "an empty text")]);
  },
};
