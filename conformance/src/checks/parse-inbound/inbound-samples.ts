import type { ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";

/** The fixtures' inbound samples (none when the fixtures have no `inbound` block). */
export function inboundSamples(ctx: ConformanceContext): readonly InboundSample[] {
  return ctx.fixtures.inbound?.samples ?? [];
}
