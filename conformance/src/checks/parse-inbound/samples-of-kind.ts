import type { ConformanceContext } from "../../context.ts";
import type { InboundExpectation, InboundSample } from "../../fixtures/fixtures.ts";
import { inboundSamples } from "./inbound-samples.ts";

/** The samples whose expectation is of one kind. */
export function samplesOfKind(ctx: ConformanceContext, kind: InboundExpectation["kind"]): readonly InboundSample[] {
  return inboundSamples(ctx).filter((sample) => sample.expect.kind === kind);
}
