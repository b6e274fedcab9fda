import type { ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { type PreparedInbound, type PrepareOptions, prepareRequest } from "./prepare-request.ts";

/** Renders a sample's request and expectation with one nonce and signs the request as the platform would. */
export function prepareSample(
  ctx: ConformanceContext,
  sample: InboundSample,
  options: PrepareOptions = {},
): PreparedInbound {
  return prepareRequest(ctx, sample.request, {
    signed: sample.signed !== false,
    mode: sample.mode ?? "trigger",
    expect: sample.expect,
    ...options,
  });
}
