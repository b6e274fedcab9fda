import type { ConformanceCheck } from "../../context.ts";
import { judgeSamples } from "./judge-samples.ts";
import { receives } from "./receives.ts";

/** Events that carry no message (edits, reactions, joins) answer `{ ignored: true }`. */
export const ignoresNonMessages: ConformanceCheck = {
  id: "parse-inbound.ignores-non-messages",
  group: "parse-inbound",
  level: "required",
  rationale: "Edits, reactions and joins carry no message and answer { ignored: true, reason } (D4).",
  appliesWhen: receives,
  run: (ctx) => judgeSamples(ctx, "ignored"),
};
