import { isDeepStrictEqual } from "node:util";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { parseJson } from "../shared/raw-request.ts";

/** Reads after the one the run started with. */
const READS = 3;

/**
 * The manifest is the same on every read: registration, the review and the report's `manifest_sha256` all take
 * one read for the whole, so a manifest that changes between reads (a timestamp, a shuffled list) is a defect.
 */
export const manifestStable: ConformanceCheck = {
  id: "manifest.stable",
  group: "manifest",
  level: "required",
  rationale:
    "contract.md#manifest and D29: the manifest read at registration and review is the one served, so it is the same on every read.",
  appliesWhen: () => true,
  async run(ctx) {
    const failures: CheckFailure[] = [];
    for (let read = 1; read <= READS; read += 1) {
      const result = await ctx.client.call("manifest", undefined, { signature: false });
      const now = parseJson(result.response?.text ?? "");
      if (isDeepStrictEqual(now, ctx.manifestRaw)) continue;
      const key = differingKey(ctx.manifestRaw, now);
      failures.push(
        ctx.failure({
          endpoint: "GET /manifest.json",
          message: `read ${read + 1} of the manifest differs from the first${key === undefined ? "" : ` at /${key}`}`,
          ...(key === undefined ? {} : { pointer: `/${key}` }),
          expected: show(key === undefined ? ctx.manifestRaw : (ctx.manifestRaw as Record<string, unknown>)[key]),
          actual: show(key === undefined ? now : (now as Record<string, unknown>)[key]),
          request: {},
        }),
      );
      break;
    }
    return outcomeOf(failures, `${READS + 1} reads`);
  },
};

/** The first top-level key whose value differs, when both are objects. */
function differingKey(a: unknown, b: unknown): string | undefined {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) return undefined;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].find(
    (key) => !isDeepStrictEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}
