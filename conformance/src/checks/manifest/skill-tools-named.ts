import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";

/** Every tool in `skill.tool_names` is named in `skill.knowledge`, so agents learn what each tool is for. */
export const skillToolsNamed: ConformanceCheck = {
  id: "manifest.skill-tools-named",
  group: "manifest",
  level: "required",
  rationale:
    "contract.md#skill: knowledge is injected into every agent the skill is assigned to; it should list each tool by name.",
  appliesWhen: (_manifest, ctx) =>
    (ctx.manifestRaw as { skill?: unknown } | undefined)?.skill !== undefined || "the manifest declares no skill",
  run: async (ctx) => {
    const skill = (ctx.manifestRaw as { skill: { knowledge?: unknown; tool_names?: unknown } }).skill;
    const knowledge = typeof skill?.knowledge === "string" ? skill.knowledge : "";
    const tools = Array.isArray(skill?.tool_names)
      ? skill.tool_names.filter((tool): tool is string => typeof tool === "string")
      : [];
    const missing = tools.flatMap((tool, index) => (mentions(knowledge, tool) ? [] : [{ tool, index }]));
    return outcomeOf(
      missing.map(({ tool, index }) =>
        ctx.failure({
          endpoint: "GET /manifest.json",
          message: `skill.knowledge does not name the tool ${tool}`,
          pointer: `/skill/tool_names/${index}`,
          expected: `"${tool}" named in /skill/knowledge`,
          actual: knowledge === "" ? "(empty knowledge)" : `knowledge of ${knowledge.length} characters without it`,
          request: {},
        }),
      ),
    );
  },
};

/** The tool's name as a whole word (so `send` does not count inside `send_mail`). */
function mentions(knowledge: string, tool: string): boolean {
  const escaped = tool.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`).test(knowledge);
}
