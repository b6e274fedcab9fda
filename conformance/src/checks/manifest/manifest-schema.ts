import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";

/** The manifest matches the published JSON Schema; each issue names its JSON Pointer. */
export const manifestSchema: ConformanceCheck = {
  id: "manifest.schema",
  group: "manifest",
  level: "required",
  rationale: "contract.md#manifest: GET /manifest.json serves a manifest valid against schemas/manifest.schema.json.",
  appliesWhen: () => true,
  run: async (ctx) =>
    outcomeOf(
      ctx.manifestIssues.map((issue) =>
        ctx.failure({
          endpoint: "GET /manifest.json",
          message: issue.message,
          pointer: issue.pointer,
          expected: issue.expected,
          actual: issue.actual,
          request: {},
        }),
      ),
    ),
};
