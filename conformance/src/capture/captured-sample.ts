import { inboundKind, type ParseInboundResponse } from "@adapterkit/contract";
import type { InboundExpectation, InboundSample } from "../fixtures/fixtures.ts";
import type { CapturedExchange } from "./captured-exchange.ts";
import { cleanHeaders } from "./clean-headers.ts";
import { credentialTemplates } from "./credential-templates.ts";
import { type DetectedSigning, detectSigning } from "./detect-signing.ts";
import { escapeTemplate, mapStrings } from "./escape-template.ts";
import { pickIdentity } from "./pick-identity.ts";

/** What a captured identity gets, so each rendering of the sample is a new event. */
export const NONCE_SUFFIX = "-{{nonce}}";
/** The normalized fields a message sample's `expect` takes from the answer (metadata is left out: it mirrors the body). */
const MESSAGE_FIELDS = ["event_type", "sender", "message", "is_bot", "thread_id", "is_dm"] as const;

/** A sample made from one exchange, how its request was signed, and what its author should review. */
export interface CapturedSample {
  readonly sample: InboundSample;
  readonly signing: DetectedSigning | undefined;
  readonly review: readonly string[];
}

/**
 * Turns a captured `/parse-inbound` exchange into an inbound sample whose `expect` is the adapter's own answer,
 * marked `captured.confirmed: false`: signature headers dropped (the runner re-signs), secrets templated or
 * redacted, a `{{nonce}}` appended to the event's identity (request and expectation alike), captured `{{` escaped.
 */
export function toCapturedSample(exchange: CapturedExchange, index: number): CapturedSample {
  const { request } = exchange;
  const answer = exchange.answer as Readonly<Record<string, unknown>>;
  const kind = inboundKind(exchange.answer as ParseInboundResponse);
  const signing = detectSigning(request);
  const templater = credentialTemplates(request.credentials);
  const cleaned = cleanHeaders(request.headers, signing?.headers ?? [], templater);
  const review = cleaned.redacted.map(
    (name) => `header ${name} was redacted: put its value back if the adapter reads it`,
  );
  const binary = request.body_encoding === "base64";
  const document = binary ? undefined : jsonContainer(request.body);
  const text = binary || document !== undefined ? undefined : request.body;
  const plainHeaders = Object.fromEntries(
    Object.entries(request.headers).filter(
      ([name]) => cleaned.headers[name] !== undefined && !cleaned.redacted.includes(name),
    ),
  );
  const identity = binary ? undefined : pickIdentity({ document, text, headers: plainHeaders, answer, kind });
  const mark = identity === undefined ? undefined : escapeTemplate(identity.value);
  const whole = (raw: string) => {
    const escaped = escapeTemplate(raw);
    return templater(mark !== undefined && escaped === mark ? `${mark}${NONCE_SUFFIX}` : escaped);
  };
  const within = (raw: string) => {
    const escaped = escapeTemplate(raw);
    return templater(mark === undefined ? escaped : escaped.replaceAll(mark, `${mark}${NONCE_SUFFIX}`));
  };
  const headers = Object.fromEntries(
    Object.entries(cleaned.headers).map(([name, value]) => [name, value === mark ? `${value}${NONCE_SUFFIX}` : value]),
  );
  const body = binary ? request.body : document !== undefined ? mapStrings(document, whole) : within(text ?? "");
  const expect: InboundExpectation = { kind };
  if (kind === "message") {
    for (const field of MESSAGE_FIELDS)
      if (answer[field] !== undefined) expect[field] = mapStrings(answer[field], text === undefined ? whole : within);
    const dedupKey = answer.dedup_key;
    if (typeof dedupKey === "string" && identity !== undefined && dedupKey.includes(identity.value))
      expect.dedup_key = within(dedupKey);
    else if (dedupKey !== undefined) review.push(dedupNote(dedupKey, request.headers, signing));
  }
  if (kind === "handshake" && answer.challenge_response !== undefined)
    expect.challenge_response = mapStrings(answer.challenge_response, within);
  if (identity === undefined && kind !== "ignored")
    review.push("no event id found to give a {{nonce}}: every rendering sends the same event; add {{nonce}} to its id");
  if (signing === undefined)
    review.push(
      "no signature header of a known scheme: sent unsigned (signed: false); if the platform signs, set inbound.signing",
    );
  else if (signing.secretKey === undefined)
    review.push(
      `signed with ${signing.scheme}, but no credentials.good field verifies it: check inbound.signing.secret`,
    );
  const name = escapeTemplate(
    `captured ${index + 1}: ${kind}${typeof answer.event_type === "string" ? ` ${answer.event_type}` : ""}`,
  );
  const sample: InboundSample = {
    name,
    mode: request.mode,
    ...(signing === undefined ? { signed: false } : {}),
    request: {
      method: request.method,
      path: escapeTemplate(request.path),
      ...(Object.keys(request.query).length === 0
        ? {}
        : { query: mapStrings(request.query, within) as Record<string, string> }),
      headers,
      body,
      ...(binary ? { body_encoding: "base64" as const } : {}),
    },
    expect,
    captured: { at: exchange.at, confirmed: false, review },
  };
  return { sample, signing, review };
}

function jsonContainer(body: string): object | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === "object" ? value : undefined;
  } catch {
    return undefined;
  }
}

function dedupNote(
  dedupKey: unknown,
  headers: Readonly<Record<string, string>>,
  signing: DetectedSigning | undefined,
): string {
  const fromSignature = signing?.headers.some((name) => headers[name] === dedupKey) === true;
  return fromSignature
    ? "dedup_key is the signature's message id, which the runner sets afresh: left out of expect"
    : "dedup_key is not a value of the request (a hash?): left out of expect; add it if it is stable";
}
