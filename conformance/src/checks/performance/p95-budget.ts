import { performance } from "node:perf_hooks";
import { type AdapterEndpointId, adapterEndpoint } from "@adapterkit/contract";
import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { percentile } from "../../runner/latency-recorder.ts";
import { label } from "../shared/labels.ts";
import { requiredPosts } from "../shared/required-posts.ts";
import { validBody } from "../shared/valid-bodies.ts";

const SAMPLES = 12;
/** Endpoints whose calls have no effect on the platform, so they can be repeated freely. */
const SIDE_EFFECT_FREE = new Set<AdapterEndpointId>(["verify", "verify-webhook", "parse-inbound", "inbound", "format"]);

/**
 * Calls each side-effect-free endpoint {@link SAMPLES} times, one at a time with nothing else running, and wants
 * each endpoint's p95 within the budget (`--latency-budget`, the fixtures' `performance.p95_budget_ms`, or 500 ms).
 */
export const p95Budget: ConformanceCheck = {
  id: "performance.p95-budget",
  group: "performance",
  level: "recommended",
  rationale:
    "D11: the service waits at most 10 s (health 5 s); a p95 well inside that keeps inbound handling and delivery responsive.",
  appliesWhen: () => true,
  exclusive: true,
  run: async (ctx) => {
    const endpoints: AdapterEndpointId[] = [
      "health",
      ...requiredPosts(ctx.manifest)
        .map((row) => row.id)
        .filter((id) => SIDE_EFFECT_FREE.has(id)),
    ];
    const failures: CheckFailure[] = [];
    const summary: string[] = [];
    for (const id of endpoints) {
      const body = id === "health" ? undefined : validBody(ctx, id);
      const durations: number[] = [];
      for (let sample = 0; sample < SAMPLES; sample += 1) {
        const started = performance.now();
        const result = await ctx.client.call(id, body);
        const elapsed = result.response === null ? performance.now() - started : result.durationMs;
        durations.push(elapsed);
        ctx.recordLatency(id, elapsed);
      }
      const p95 = percentile(durations, 95);
      summary.push(`${adapterEndpoint(id).path} ${p95} ms`);
      if (p95 <= ctx.latencyBudgetMs) continue;
      failures.push(
        ctx.failure({
          endpoint: label(id),
          message: `p95 over ${SAMPLES} sequential calls is ${p95} ms, over the ${ctx.latencyBudgetMs} ms budget`,
          expected: `p95 ≤ ${ctx.latencyBudgetMs} ms`,
          actual: `p95 ${p95} ms (samples: ${durations.map((ms) => Math.round(ms)).join(", ")})`,
          request: body === undefined ? {} : { body },
        }),
      );
    }
    return outcomeOf(failures, `p95: ${summary.join(", ")}`);
  },
};
