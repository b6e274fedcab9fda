import { performance } from "node:perf_hooks";
import type { CheckOutcome } from "../check.ts";
import type { ConformanceCheck, ConformanceContext } from "../context.ts";
import type { CheckResult } from "../report/report.ts";

/**
 * Runs one check: `not_applicable` when `appliesWhen` says so, a failure naming the step when it throws or
 * overruns its time limit. Never throws.
 */
export async function runCheck(
  check: ConformanceCheck,
  ctx: ConformanceContext,
  timeLimitMs: number,
): Promise<CheckResult> {
  const started = performance.now();
  const outcome = await outcomeOf(check, ctx, timeLimitMs);
  return {
    id: check.id,
    group: check.group,
    level: check.level,
    rationale: check.rationale,
    status: outcome.status,
    ...(outcome.reason === undefined ? {} : { reason: outcome.reason }),
    duration_ms: Math.round((performance.now() - started) * 100) / 100,
    failures: [...(outcome.failures ?? [])],
  };
}

async function outcomeOf(check: ConformanceCheck, ctx: ConformanceContext, timeLimitMs: number): Promise<CheckOutcome> {
  let applies: boolean | string;
  try {
    applies = check.appliesWhen(ctx.manifest, ctx);
  } catch (error) {
    return crashed(ctx, "appliesWhen", error);
  }
  if (applies !== true)
    return {
      status: "not_applicable",
      reason: typeof applies === "string" ? applies : "does not apply to this manifest",
    };
  let timer: NodeJS.Timeout | undefined;
  const overrun = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(
      () =>
        resolve({
          status: "failed",
          failures: [
            { endpoint: "(check)", message: `the check did not finish within ${timeLimitMs} ms`, step: "time limit" },
          ],
        }),
      timeLimitMs,
    );
  });
  try {
    return await Promise.race([check.run(ctx), overrun]);
  } catch (error) {
    return crashed(ctx, "run", error);
  } finally {
    clearTimeout(timer);
  }
}

function crashed(ctx: ConformanceContext, step: string, error: unknown): CheckOutcome {
  const message = error instanceof Error ? error.message : String(error);
  return {
    status: "failed",
    failures: [{ endpoint: "(check)", message: ctx.redact(`the check threw: ${message}`), step }],
  };
}
