import type { ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { inboundSamples } from "./inbound-samples.ts";

/** A sample by name, else the first message sample (which is what the retry and content checks fall back to). */
export function sampleNamed(ctx: ConformanceContext, name: string | undefined): InboundSample | undefined {
  const samples = inboundSamples(ctx);
  if (name !== undefined) return samples.find((sample) => sample.name === name);
  return samples.find((sample) => sample.expect.kind === "message");
}
