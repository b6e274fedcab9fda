import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { checkFailure, fixtureFailure } from "./call-failure.ts";
import { expectMessage } from "./expect-message.ts";
import { prepareRetry } from "./prepare-retry.ts";
import { receives } from "./receives.ts";
import { sampleNamed } from "./sample-named.ts";
import { sendToParse } from "./send-to-parse.ts";

/**
 * The same event re-sent as a platform retries it (same bytes, a later timestamp, a fresh signature, the fixtures'
 * retry headers) keeps its `dedup_key`. The message id of id-signing schemes stays the same, as Standard
 * Webhooks retries do.
 */
export const dedupKeyStableOnRetry: ConformanceCheck = {
  id: "parse-inbound.dedup-key-stable-on-retry",
  group: "parse-inbound",
  level: "required",
  rationale:
    "dedup_key prevents duplicate processing when a webhook is retried, so a retry keeps it (contract.md#dedup).",
  appliesWhen: receives,
  async run(ctx) {
    const retry = ctx.fixtures.inbound?.retry;
    const sample = sampleNamed(ctx, retry?.sample);
    if (sample === undefined) {
      const what =
        retry === undefined ? "no message sample to retry" : `inbound.retry.sample "${retry.sample}" is not a sample`;
      return failed([fixtureFailure(ctx, "parse-inbound", what)]);
    }
    const { first, signature, retryHeaders } = prepareRetry(ctx, sample, retry?.headers);

    const original = expectMessage(ctx, await sendToParse(ctx, first), `sample "${sample.name}"`);
    if (!original.ok) return failed([original.failure]);
    const retried = await sendToParse(ctx, { ...first, signature }, retryHeaders);
    const again = expectMessage(ctx, retried, `retry of sample "${sample.name}"`);
    if (!again.ok) return failed([again.failure]);

    const before = original.message.dedup_key;
    const after = again.message.dedup_key;
    if (before === undefined && after === undefined) return notApplicable("the adapter answers no dedup_key");
    if (before === after) return passed(`dedup_key ${show(before)} on both deliveries`);
    return failed([
      checkFailure(ctx, retried.call, {
        message: `the retried event got another dedup_key: ${show(before)} then ${show(after)}`,
        pointer: "/dedup_key",
        expected: show(before),
        actual: show(after),
      }),
    ]);
  },
};
