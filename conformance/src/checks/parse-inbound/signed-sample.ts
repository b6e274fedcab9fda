import type { ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { inboundSamples } from "./inbound-samples.ts";

/** The sample the signature checks tamper with: the first signed message sample, else any signed sample. */
export function signedSample(ctx: ConformanceContext): InboundSample | undefined {
  const signed = inboundSamples(ctx).filter((sample) => sample.signed !== false);
  return signed.find((sample) => sample.expect.kind === "message") ?? signed[0];
}
