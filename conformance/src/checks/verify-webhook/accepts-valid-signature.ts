import type { CheckFailure } from "../../check.ts";
import type { ConformanceCheck } from "../../context.ts";
import { notApplicable, outcomeOf } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { inboundSamples } from "../parse-inbound/inbound-samples.ts";
import { prepareSample } from "../parse-inbound/prepare-sample.ts";
import { receives } from "../parse-inbound/receives.ts";
import { show } from "../shared/labels.ts";
import { sendToVerify } from "./send-to-verify.ts";

/** Every signed sample, signed as the platform signs it, is accepted over its exact bytes. */
export const acceptsValidSignature: ConformanceCheck = {
  id: "verify-webhook.accepts-valid-signature",
  group: "verify-webhook",
  level: "required",
  rationale: "A correctly signed webhook verifies over its exact bytes (contract.md#verify-webhook, D2, D3).",
  appliesWhen: receives,
  async run(ctx) {
    if (ctx.fixtures.inbound?.signing === undefined) return notApplicable("the fixtures declare no inbound.signing");
    const samples = inboundSamples(ctx).filter((sample) => sample.signed !== false);
    if (samples.length === 0) return notApplicable("the fixtures hold no signed inbound sample");
    const failures: CheckFailure[] = [];
    for (const sample of samples) {
      const prepared = prepareSample(ctx, sample);
      const { call, result } = await sendToVerify(ctx, prepared.request, prepared.signature);
      if (!result.ok) failures.push(callFailure(ctx, call, result, `sample "${sample.name}"`));
      else if (!result.value.ok) {
        failures.push(
          checkFailure(ctx, call, {
            message: `sample "${sample.name}" was rejected although correctly signed`,
            pointer: "/ok",
            expected: "true",
            actual: show(result.value),
          }),
        );
      }
    }
    return outcomeOf(failures, `${samples.length} signed sample(s)`);
  },
};
