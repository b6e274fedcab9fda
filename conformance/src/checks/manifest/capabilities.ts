import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { show } from "../shared/labels.ts";

const ALLOWED = new Set(["send", "receive"]);

/** `capabilities` is `["send"]`, `["receive"]` or both, each once (the schema cannot say "no repeats"). */
export const capabilities: ConformanceCheck = {
  id: "manifest.capabilities",
  group: "manifest",
  level: "required",
  rationale: 'contract.md#manifest-fields: capabilities is ["send"], ["receive"] or ["send","receive"].',
  appliesWhen: (_manifest, ctx) =>
    (ctx.manifestRaw as { capabilities?: unknown } | undefined)?.capabilities !== undefined ||
    "the manifest declares no capabilities",
  run: async (ctx) => {
    const value = (ctx.manifestRaw as { capabilities?: unknown }).capabilities;
    const problems: string[] = [];
    if (!Array.isArray(value) || value.length === 0) problems.push("capabilities must be a non-empty array");
    else {
      if (value.some((item) => typeof item !== "string" || !ALLOWED.has(item)))
        problems.push('only "send" and "receive" are capabilities');
      if (new Set(value).size !== value.length) problems.push("a capability is listed twice");
    }
    return outcomeOf(
      problems.map((message) =>
        ctx.failure({
          endpoint: "GET /manifest.json",
          message,
          pointer: "/capabilities",
          expected: '["send"], ["receive"] or ["send","receive"]',
          actual: show(value),
          request: {},
        }),
      ),
    );
  },
};
