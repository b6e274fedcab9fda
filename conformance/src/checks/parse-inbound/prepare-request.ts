import type { InboundMode } from "@adapterkit/contract";
import type { ConformanceContext, RenderedRequest, SignOverrides, TemplateVars } from "../../context.ts";
import type { FixtureRequest, InboundExpectation } from "../../fixtures/fixtures.ts";

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
