import { slugOf } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { pollHealth } from "./poll-health.ts";

/** `adapter` equals the mount path's last segment and the manifest's slug (D1). */
export const healthAdapterSlug: ConformanceCheck = {
  id: "health.adapter-slug",
  group: "health",
  level: "required",
  rationale:
    "contract.md#health-response: adapter equals the slug in the manifest and the path the adapter is mounted under (D1).",
  appliesWhen: () => true,
  run: async (ctx) => {
    const poll = await pollHealth(ctx);
    const adapter = poll.answered ? poll.body?.adapter : undefined;
    const manifestSlug = manifestSlugOf(ctx.manifestRaw);
    const failures: CheckFailure[] = [];
    const fail = (message: string, expected: string) =>
      failures.push(
        ctx.failure({
          endpoint: "GET /health",
          message,
          pointer: "/adapter",
          expected,
          actual: show(adapter),
          request: {},
        }),
      );
    if (adapter !== ctx.slug) fail("adapter is not the path the adapter is mounted under", show(ctx.slug));
    if (manifestSlug !== undefined && adapter !== manifestSlug)
      fail("adapter is not the manifest's slug", show(manifestSlug));
    if (manifestSlug !== undefined && manifestSlug !== ctx.slug && adapter === ctx.slug) {
      failures.push(
        ctx.failure({
          endpoint: "GET /manifest.json",
          message: "the manifest's slug is not the path the adapter is mounted under",
          pointer: "/slug",
          expected: show(ctx.slug),
          actual: show(manifestSlug),
          request: {},
        }),
      );
    }
    return outcomeOf(failures);
  },
};

/** D1: the manifest's slug, or its name turned into one; undefined when the manifest has neither. */
function manifestSlugOf(raw: unknown): string | undefined {
  const manifest = (raw ?? {}) as { slug?: unknown; name?: unknown };
  if (typeof manifest.slug === "string") return manifest.slug;
  if (typeof manifest.name === "string") return slugOf({ name: manifest.name });
  return undefined;
}
