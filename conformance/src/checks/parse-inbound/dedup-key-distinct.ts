import type { ConformanceCheck } from "../../context.ts";
import { failed, notApplicable, passed } from "../../outcome.ts";
import { show } from "../shared/labels.ts";
import { checkFailure, fixtureFailure } from "./call-failure.ts";
import { expectMessage } from "./expect-message.ts";
import { prepareSample } from "./prepare-sample.ts";
import { receives } from "./receives.ts";
import { sampleNamed } from "./sample-named.ts";
import { sendToParse } from "./send-to-parse.ts";

/** Two different events (the retry sample rendered with two nonces) get two different `dedup_key`s. */
export const dedupKeyDistinct: ConformanceCheck = {
  id: "parse-inbound.dedup-key-distinct",
  group: "parse-inbound",
  level: "required",
  rationale:
    "dedup_key is a unique message identifier, so two events never share one (contract.md#normalized-message).",
  appliesWhen: receives,
  async run(ctx) {
    const sample = sampleNamed(ctx, ctx.fixtures.inbound?.retry?.sample);
    if (sample === undefined)
      return failed([fixtureFailure(ctx, "parse-inbound", "no message sample to render twice")]);
    const one = prepareSample(ctx, sample);
    const two = prepareSample(ctx, sample);
    if (one.request.body === two.request.body) {
      return failed([
        fixtureFailure(
          ctx,
          "parse-inbound",
          `sample "${sample.name}" renders the same body twice: give its event id a {{nonce}}`,
        ),
      ]);
    }
    const first = expectMessage(ctx, await sendToParse(ctx, one), `sample "${sample.name}"`);
    if (!first.ok) return failed([first.failure]);
    const secondCall = await sendToParse(ctx, two);
    const second = expectMessage(ctx, secondCall, `sample "${sample.name}" with another nonce`);
    if (!second.ok) return failed([second.failure]);

    const a = first.message.dedup_key;
    const b = second.message.dedup_key;
    if (a === undefined && b === undefined) return notApplicable("the adapter answers no dedup_key");
    if (a !== b) return passed();
    return failed([
      checkFailure(ctx, secondCall.call, {
        message: `two different events share dedup_key ${show(a)}`,
        pointer: "/dedup_key",
        expected: `a key other than ${show(a)}`,
        actual: show(b),
      }),
    ]);
  },
};
