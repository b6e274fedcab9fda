import type { Fixtures, InboundSample, InboundSigning } from "../fixtures/fixtures.ts";
import { loadFixtures } from "../fixtures/load-fixtures.ts";
import { capturedCredentials } from "./captured-credentials.ts";
import type { CapturedExchange } from "./captured-exchange.ts";
import { type CapturedSample, toCapturedSample } from "./captured-sample.ts";
import { contentSample } from "./content-sample.ts";

/** A fixtures file made from captured traffic, valid against fixtures.schema.json, and the list to review. */
export interface CapturedFixtures {
  readonly fixtures: Fixtures;
  /** What the author must confirm or fill in; names fields and headers, never a secret's value. */
  readonly review: readonly string[];
}

/**
 * Builds fixtures from captured exchanges. With `base` (the adapter's fixtures file), everything but
 * `inbound.samples` is kept from it and the captured samples replace its samples; without, credentials come from
 * the captured envelopes (the signing secret kept, other secrets redacted) and the rest is left to the author.
 * @throws FixturesError when the result does not validate (a base that is itself invalid).
 * @example const { fixtures, review } = await buildCapturedFixtures(proxy.exchanges(), { base });
 */
export async function buildCapturedFixtures(
  exchanges: readonly CapturedExchange[],
  options: { base?: Fixtures } = {},
): Promise<CapturedFixtures> {
  const captured = exchanges.map(toCapturedSample);
  const samples = captured.map((entry) => entry.sample);
  const review: string[] = [
    "every sample's expect is the adapter's own answer: confirm it, then set captured.confirmed to true",
  ];
  const { base } = options;
  const detected = captured.find((entry) => entry.signing?.secretKey !== undefined)?.signing;
  const signing: InboundSigning | undefined =
    base?.inbound?.signing ??
    (detected?.secretKey === undefined
      ? undefined
      : { scheme: detected.scheme, secret: `{{credentials.good.${detected.secretKey}}}` });
  const schemes = new Set(captured.flatMap((entry) => (entry.signing === undefined ? [] : [entry.signing.scheme])));
  if (signing !== undefined && [...schemes].some((scheme) => scheme !== signing.scheme))
    review.push(
      `inbound.signing is ${signing.scheme}, but captured requests were signed with ${[...schemes].join(", ")}`,
    );
  if (signing === undefined && captured.some((entry) => entry.signing !== undefined))
    review.push("no credential verifies the captured signatures: add inbound.signing by hand");
  const credentials =
    base?.credentials ?? capturedCredentials(exchanges[0]?.request.credentials ?? {}, detected?.secretKey, review);
  const messages = samples.filter((sample) => sample.expect.kind === "message");
  const retrySample = (messages.find((sample) => JSON.stringify(sample.request).includes("{{nonce}}")) ?? messages[0])
    ?.name;
  const content = contentSample(samples);
  if (content?.added !== undefined) samples.push(content.added);
  if (retrySample === undefined) review.push("no message sample: inbound.retry and content_sample are left out");
  const { retry: _retry, content_sample: _content, ...baseInbound } = base?.inbound ?? {};
  const inbound = {
    ...baseInbound,
    ...(signing === undefined ? {} : { signing }),
    samples: samples as [InboundSample, ...InboundSample[]],
    ...(retrySample === undefined ? {} : { retry: { ...base?.inbound?.retry, sample: retrySample } }),
    ...(content === undefined ? {} : { content_sample: content.name }),
  };
  const fixtures: Fixtures = {
    ...base,
    description: describe(base, captured),
    credentials,
    inbound,
  };
  for (const entry of captured) for (const note of entry.review) review.push(`${entry.sample.name}: ${note}`);
  return { fixtures: await loadFixtures(fixtures), review };
}

function describe(base: Fixtures | undefined, captured: readonly CapturedSample[]): string {
  const what = `inbound.samples captured from ${captured.length} request(s) by adapterkit capture; each sample's captured.review says what to check.`;
  return base?.description === undefined ? what : `${base.description} ${what}`;
}
