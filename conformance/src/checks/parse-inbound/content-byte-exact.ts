import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure, fixtureFailure } from "./call-failure.ts";
import { expectMessage } from "./expect-message.ts";
import { inboundSamples, receives, sampleNamed } from "./inbound-samples.ts";
import { prepareSample } from "./prepare-inbound.ts";
import { sendToParse } from "./send-to-parse.ts";

/** HTML, Markdown, an emoji, right-to-left text and zero-width characters: all must come back untouched. */
export const CONTENT_PROBE = "<b>x</b> **y** 😀 שלום \u200b\u200d end";

/** The content sample renders `{{content}}` as the probe; its `expect.message` says where the probe lands. */
export const contentByteExact: ConformanceCheck = {
  id: "parse-inbound.content-byte-exact",
  group: "parse-inbound",
  level: "required",
  rationale: "Adapters pass content through raw and must not sanitize; the service sanitizes (SPEC POST /parse-inbound).",
  appliesWhen: receives,
  async run(ctx) {
    const sample = contentSample(ctx);
    if (sample === undefined) {
      return failed([
        fixtureFailure(ctx, "parse-inbound", "no content sample: set inbound.content_sample to a message sample that carries {{content}}"),
      ]);
    }
    const prepared = prepareSample(ctx, sample, { vars: { content: CONTENT_PROBE } });
    const expected = prepared.expect?.message;
    if (typeof expected !== "string" || !expected.includes(CONTENT_PROBE)) {
      return failed([fixtureFailure(ctx, "parse-inbound", `sample "${sample.name}": expect.message must contain {{content}}`)]);
    }
    const parsed = await sendToParse(ctx, prepared);
    const answer = expectMessage(ctx, parsed, `content sample "${sample.name}"`);
    if (!answer.ok) return failed([answer.failure]);
    const actual = answer.message.message;
    if (actual === expected) return passed();
    return failed([
      checkFailure(ctx, parsed.call, {
        message: `message differs from the content sent, first at code unit ${firstDifference(expected, actual)}`,
        pointer: "/message",
        expected: visible(expected),
        actual: visible(actual),
      }),
    ]);
  },
};

function contentSample(ctx: ConformanceContext): InboundSample | undefined {
  const name = ctx.fixtures.inbound?.content_sample;
  if (name !== undefined) return sampleNamed(ctx, name);
  return inboundSamples(ctx).find(
    (sample) => sample.expect.kind === "message" && JSON.stringify(sample.request).includes("{{content}}"),
  );
}

function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return index;
}

/** Shows invisible characters (zero-width, bidi controls, C0 controls) as `\u{…}` so a diff is readable. */
function visible(text: string): string {
  return JSON.stringify(text).replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
