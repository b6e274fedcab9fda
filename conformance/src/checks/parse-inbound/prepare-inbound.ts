import type { InboundEnvelope, InboundMode, ParseInboundRequest } from "@adapterkit/contract";
import type { ConformanceContext, RenderedRequest, SignOverrides, TemplateVars } from "../../context.ts";
import type { FixtureRequest, InboundExpectation, InboundSample } from "../../fixtures/fixtures.ts";

/**
 * What `{{content}}` renders to in inbound samples outside the byte-exact check; that check renders the content
 * sample with its probe text instead.
 */
export const DEFAULT_CONTENT = "Hello from the adapterkit conformance runner";

/** An inbound request ready to send: rendered once, signed over its exact bytes, with its rendered expectation. */
export interface PreparedInbound {
  readonly nonce: string;
  readonly request: RenderedRequest;
  /** The headers `inbound.signing` adds (empty for unsigned samples). */
  readonly signature: Readonly<Record<string, string>>;
  readonly expect: InboundExpectation | undefined;
  readonly mode: InboundMode;
}

/** How to prepare one inbound request. */
export interface PrepareOptions {
  readonly nonce?: string;
  readonly vars?: TemplateVars;
  readonly sign?: SignOverrides;
  /** Whether to sign; default true. */
  readonly signed?: boolean;
  readonly mode?: InboundMode;
  readonly expect?: InboundExpectation;
}

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

/** Renders any fixture request (an inbound sample's, an echo template) and signs it unless told not to. */
export function prepareRequest(
  ctx: ConformanceContext,
  template: FixtureRequest,
  options: PrepareOptions = {},
): PreparedInbound {
  const nonce = options.nonce ?? ctx.nonce();
  const vars = { content: DEFAULT_CONTENT, ...options.vars, nonce };
  const request = ctx.renderRequest(template, vars);
  const signature = options.signed === false ? {} : ctx.sign(request, options.sign);
  const expect = options.expect === undefined ? undefined : ctx.render(options.expect, vars);
  return { nonce, request, signature, expect, mode: options.mode ?? "trigger" };
}

/** The D2 envelope of a rendered request: its exact body, lower-cased headers with the signature merged in. */
export function toEnvelope(
  request: RenderedRequest,
  credentials: Readonly<Record<string, unknown>>,
  headers: Readonly<Record<string, string>>,
): InboundEnvelope {
  const merged: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) merged[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(headers)) merged[name.toLowerCase()] = value;
  return {
    credentials: { ...credentials },
    method: request.method,
    path: request.path,
    query: { ...(request.query as Record<string, string | string[]>) },
    headers: merged,
    body: request.body,
    ...(request.body_encoding === undefined ? {} : { body_encoding: request.body_encoding }),
  };
}

/** The `/parse-inbound` request of a prepared inbound request, signed and in its mode. */
export function toParseRequest(
  prepared: PreparedInbound,
  credentials: Readonly<Record<string, unknown>>,
  extraHeaders: Readonly<Record<string, string>> = {},
): ParseInboundRequest {
  return {
    ...toEnvelope(prepared.request, credentials, { ...extraHeaders, ...prepared.signature }),
    mode: prepared.mode,
  };
}

/** The fixtures' good credentials, rendered. */
export function goodCredentials(ctx: ConformanceContext): Readonly<Record<string, unknown>> {
  return ctx.render(ctx.fixtures.credentials.good);
}
