import type { CheckFailure, CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import type { InboundExpectation } from "../../fixtures/fixtures.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { callFailure, checkFailure } from "./call-failure.ts";
import { compareExpectation } from "./compare-expectation.ts";
import { prepareSample } from "./prepare-sample.ts";
import { samplesOfKind } from "./samples-of-kind.ts";
import { sendToParse } from "./send-to-parse.ts";

/**
 * Sends every sample of one kind to `/parse-inbound` (signed, in its mode) and compares each answer with its
 * expectation; the client judges the schema of the mode (trigger mode needs `event_type`).
 */
export async function judgeSamples(ctx: ConformanceContext, kind: InboundExpectation["kind"]): Promise<CheckOutcome> {
  const samples = samplesOfKind(ctx, kind);
  if (samples.length === 0) return notApplicable(`the fixtures hold no inbound sample whose expect.kind is ${kind}`);
  const failures: CheckFailure[] = [];
  for (const sample of samples) {
    const prepared = prepareSample(ctx, sample);
    const { call, result } = await sendToParse(ctx, prepared);
    const label = `sample "${sample.name}" (${prepared.mode} mode)`;
    if (!result.ok) {
      failures.push(callFailure(ctx, call, result, label));
      continue;
    }
    for (const mismatch of compareExpectation(prepared.expect ?? sample.expect, result.value)) {
      failures.push(checkFailure(ctx, call, { ...mismatch, message: `${label}: ${mismatch.message}` }));
    }
  }
  return outcomeOf(failures, `${samples.length} ${kind} sample(s)`);
}
