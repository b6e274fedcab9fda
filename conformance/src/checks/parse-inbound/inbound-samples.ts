import { hasCapability, type Manifest } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import type { InboundExpectation, InboundSample } from "../../fixtures/fixtures.ts";

/** `appliesWhen` of every inbound check: the adapter declares `receive`. */
export function receives(manifest: Manifest): boolean | string {
  return hasCapability(manifest, "receive") || "the manifest does not declare the receive capability";
}

/** The fixtures' inbound samples (none when the fixtures have no `inbound` block). */
export function inboundSamples(ctx: ConformanceContext): readonly InboundSample[] {
  return ctx.fixtures.inbound?.samples ?? [];
}

/** The samples whose expectation is of one kind. */
export function samplesOfKind(ctx: ConformanceContext, kind: InboundExpectation["kind"]): readonly InboundSample[] {
  return inboundSamples(ctx).filter((sample) => sample.expect.kind === kind);
}

/** A sample by name, else the first message sample (which is what the retry and content checks fall back to). */
export function sampleNamed(ctx: ConformanceContext, name: string | undefined): InboundSample | undefined {
  const samples = inboundSamples(ctx);
  if (name !== undefined) return samples.find((sample) => sample.name === name);
  return samples.find((sample) => sample.expect.kind === "message");
}

/** The sample the signature checks tamper with: the first signed message sample, else any signed sample. */
export function signedSample(ctx: ConformanceContext): InboundSample | undefined {
  const signed = inboundSamples(ctx).filter((sample) => sample.signed !== false);
  return signed.find((sample) => sample.expect.kind === "message") ?? signed[0];
}
