import type { ConformanceCheck, ConformanceContext } from "../../context.ts";
import type { InboundSample } from "../../fixtures/fixtures.ts";
import { failed, passed } from "../../outcome.ts";
import { checkFailure, fixtureFailure } from "./call-failure.ts";
import { expectMessage } from "./expect-message.ts";
import { inboundSamples } from "./inbound-samples.ts";
import { prepareSample } from "./prepare-sample.ts";
import { receives } from "./receives.ts";
import { sampleNamed } from "./sample-named.ts";
import { sendToParse } from "./send-to-parse.ts";

/**
 * HTML, Markdown, an emoji, right-to-left text, zero-width characters, decomposed sequences (e + combining acute,
 * A + combining ring, Hangul jamo) that NFC composes, precomposed é that NFD splits and the ﬁ ligature that NFKC
 * unfolds: all must come back untouched.
 */
export const CONTENT_PROBE =
  "<b>x</b> **y** 😀 שלום \u200b\u200d cafe\u0301 A\u030Angstro\u0308m \u1100\u1161 r\u00e9sum\u00e9 \ufb01 end";

/**
 * Sends the content sample with {@link CONTENT_PROBE} as its text and expects it back in `message` byte for byte.
 * A sample that says `{{content}}` gets the probe there (and its `expect.message` says where it lands); otherwise
 * every string of its JSON body equal to its expected message is replaced by the probe.
 */
export const contentByteExact: ConformanceCheck = {
  id: "parse-inbound.content-byte-exact",
  group: "parse-inbound",
  level: "required",
  rationale:
    "Adapters pass content through raw and must not sanitize; the service sanitizes (contract.md#raw-content).",
  appliesWhen: receives,
  async run(ctx) {
    const sample = contentSample(ctx);
    if (sample === undefined) {
      return failed([
        fixtureFailure(ctx, "parse-inbound", "no content sample: set inbound.content_sample to a message sample"),
      ]);
    }
    const probing = withProbe(ctx, sample);
    if (typeof probing === "string")
      return failed([fixtureFailure(ctx, "parse-inbound", `sample "${sample.name}": ${probing}`)]);
    const prepared = prepareSample(ctx, probing, { vars: { content: CONTENT_PROBE } });
    const expected = prepared.expect?.message;
    if (typeof expected !== "string" || !expected.includes(CONTENT_PROBE)) {
      return failed([
        fixtureFailure(ctx, "parse-inbound", `sample "${sample.name}": expect.message must contain {{content}}`),
      ]);
    }
    const parsed = await sendToParse(ctx, prepared);
    const answer = expectMessage(ctx, parsed, `content sample "${sample.name}"`);
    if (!answer.ok) return failed([answer.failure]);
    const actual = answer.message.message;
    if (actual === expected) return passed();
    const form = (["NFC", "NFD", "NFKC", "NFKD"] as const).find((name) => actual === expected.normalize(name));
    const normalised = form === undefined ? "" : ` (the text was normalised to ${form})`;
    return failed([
      checkFailure(ctx, parsed.call, {
        message: `message differs from the content sent, first at code unit ${firstDifference(expected, actual)}${normalised}`,
        pointer: "/message",
        expected: visible(expected),
        actual: visible(actual),
      }),
    ]);
  },
};

/** The content sample: `inbound.content_sample`, else the first message sample with `{{content}}`, else the first. */
export function contentSample(ctx: ConformanceContext): InboundSample | undefined {
  const name = ctx.fixtures.inbound?.content_sample;
  if (name !== undefined) return sampleNamed(ctx, name);
  const messages = inboundSamples(ctx).filter((sample) => sample.expect.kind === "message");
  return messages.find((sample) => JSON.stringify(sample).includes("{{content}}")) ?? messages[0];
}

/** The sample rewritten to carry the probe (or another text, `{{content}}` for a template), or why it cannot be. */
export function withProbe(
  ctx: ConformanceContext,
  sample: InboundSample,
  probe = CONTENT_PROBE,
): InboundSample | string {
  if (JSON.stringify(sample).includes("{{content}}")) return sample;
  const message = ctx.render(sample.expect.message);
  if (typeof message !== "string" || message === "") return "expect.message must be a non-empty string or {{content}}";
  const { body } = sample.request;
  const replaced =
    typeof body === "object" && body !== null ? replaceStrings(body, message, probe) : { value: body, count: 0 };
  if (replaced.count === 0)
    return `its body has no JSON string equal to expect.message ${JSON.stringify(message)}; write {{content}}`;
  return {
    ...sample,
    request: { ...sample.request, body: replaced.value },
    expect: { ...sample.expect, message: probe },
  };
}

/** A copy of a JSON value with every string equal to `from` replaced by `to`, and how many were. */
function replaceStrings(value: unknown, from: string, to: string): { value: unknown; count: number } {
  if (typeof value === "string") return value === from ? { value: to, count: 1 } : { value, count: 0 };
  if (Array.isArray(value)) {
    const items = value.map((item) => replaceStrings(item, from, to));
    return { value: items.map((item) => item.value), count: items.reduce((sum, item) => sum + item.count, 0) };
  }
  if (typeof value !== "object" || value === null) return { value, count: 0 };
  let count = 0;
  const entries = Object.entries(value).map(([key, item]) => {
    const result = replaceStrings(item, from, to);
    count += result.count;
    return [key, result.value] as const;
  });
  return { value: Object.fromEntries(entries), count };
}

function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && a[index] === b[index]) index += 1;
  return index;
}

/** Shows invisible characters (zero-width, bidi controls), combining marks and jamo as `\u{…}` so a diff is readable. */
function visible(text: string): string {
  return JSON.stringify(text).replace(
    /[\u0300-\u036f\u1100-\u11ff\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff]/g,
    (char) => {
      return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
    },
  );
}
