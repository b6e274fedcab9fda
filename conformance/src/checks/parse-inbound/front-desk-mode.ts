import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import type { InboundExpectation } from "../../fixtures/fixtures.ts";
import { failed, outcomeOf } from "../../outcome.ts";
import { callFailure, checkFailure, fixtureFailure } from "./call-failure.ts";
import { compareExpectation } from "./compare-expectation.ts";
import { prepareSample } from "./prepare-sample.ts";
import { receives } from "./receives.ts";
import { samplesOfKind } from "./samples-of-kind.ts";
import { sendToParse } from "./send-to-parse.ts";

/**
 * Every message sample also normalizes in front-desk mode, to the same routing fields; `event_type` is a
 * trigger-mode field and is not compared there.
 */
export const frontDeskMode: ConformanceCheck = {
  id: "parse-inbound.front-desk-mode",
  group: "parse-inbound",
  level: "required",
  rationale:
    "Front-desk mode routes the same messages by sender, message, is_dm and thread_id (contract.md#inbound-modes).",
  appliesWhen: receives,
  async run(ctx) {
    const samples = samplesOfKind(ctx, "message");
    if (samples.length === 0)
      return failed([fixtureFailure(ctx, "parse-inbound", "inbound.samples holds no message sample")]);
    const failures: CheckFailure[] = [];
    for (const sample of samples) {
      const prepared = prepareSample(ctx, sample, { mode: "front_desk" });
      const { call, result } = await sendToParse(ctx, prepared);
      const label = `sample "${sample.name}" (front_desk mode)`;
      if (!result.ok) {
        failures.push(callFailure(ctx, call, result, label));
        continue;
      }
      const { event_type: _triggerOnly, ...expect } = prepared.expect ?? sample.expect;
      for (const mismatch of compareExpectation(expect as InboundExpectation, result.value)) {
        failures.push(checkFailure(ctx, call, { ...mismatch, message: `${label}: ${mismatch.message}` }));
      }
    }
    return outcomeOf(failures, `${samples.length} message sample(s)`);
  },
};
