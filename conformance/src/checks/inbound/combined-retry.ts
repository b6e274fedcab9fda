import { declaresEndpoint } from "@adapterkit/contract";
import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { checkFailure } from "../parse-inbound/call-failure.ts";
import { prepareRetry } from "../parse-inbound/prepare-retry.ts";
import { receives } from "../parse-inbound/receives.ts";
import { sampleNamed } from "../parse-inbound/sample-named.ts";
import { show } from "../shared/labels.ts";
import { compareCombined } from "./combined-equals-two-calls.ts";

/**
 * A platform retry of one event through `/inbound` (same bytes, a later timestamp, a fresh signature, the fixtures'
 * retry headers): the first delivery and the retry each answer what the two calls answer, with one `dedup_key`.
 */
export const combinedRetry: ConformanceCheck = {
  id: "inbound.combined-retry",
  group: "inbound",
  level: "required",
  rationale:
    "The service deduplicates what /inbound answers, so a platform retry sent there answers as the two calls do and " +
    "keeps its dedup_key (contract.md#inbound, #dedup).",
  appliesWhen: receives,
  async run(ctx) {
    if (!declaresEndpoint(ctx.manifest, "inbound")) {
      return notApplicable('the manifest does not declare the combined endpoint (endpoints lacks "inbound")');
    }
    const retry = ctx.fixtures.inbound?.retry;
    const sample = sampleNamed(ctx, retry?.sample);
    if (sample === undefined) return notApplicable("the fixtures name no message sample to retry");
    const { first, signature, retryHeaders } = prepareRetry(ctx, sample, retry?.headers);
    const label = `sample "${sample.name}"`;
    const original = await compareCombined(
      ctx,
      { name: "first delivery", request: first.request, signature: first.signature },
      first.mode,
      `${label}, first delivery`,
    );
    if (original.failure !== undefined) return failed([original.failure]);
    const again = await compareCombined(
      ctx,
      { name: "platform retry", request: first.request, signature: { ...signature, ...retryHeaders } },
      first.mode,
      `${label}, platform retry`,
    );
    if (again.failure !== undefined) return failed([again.failure]);
    const before = original.combined.ok ? (original.combined.value as { dedup_key?: unknown }).dedup_key : undefined;
    const after = again.combined.ok ? (again.combined.value as { dedup_key?: unknown }).dedup_key : undefined;
    if (before === after) return passed(`dedup_key ${show(before)} on both deliveries through /inbound`);
    return failed([
      checkFailure(ctx, again.call, {
        message: `the retried event got another dedup_key on /inbound: ${show(before)} then ${show(after)}`,
        pointer: "/dedup_key",
        expected: show(before),
        actual: show(after),
      }),
    ]);
  },
};
