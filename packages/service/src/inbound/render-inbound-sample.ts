import { randomBytes } from "node:crypto";
import { createHmacSha256Scheme, type HmacSha256Config, SIGNATURE_SCHEMES } from "@adapterkit/client/signatures";
import type { Fixtures } from "@adapterkit/conformance";
import type { Credentials } from "@adapterkit/contract";
import Handlebars from "handlebars";
import { ServiceError } from "../errors/service-error.ts";
import type { ReceivedRequest } from "./to-inbound-envelope.ts";

/** One inbound sample of a fixtures file. */
export type InboundSample = NonNullable<Fixtures["inbound"]>["samples"][number];

/** A sample made ready to send: the request as a platform would post it, and what the sample expects of it. */
export interface RenderedSample {
  readonly request: ReceivedRequest;
  readonly expect: Readonly<Record<string, unknown>>;
}

// The fixtures' templates, rendered as the runner renders them: every string a Handlebars template, no escaping.
function render(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === "string") {
    return value.includes("{{") ? Handlebars.compile(value, { noEscape: true, strict: false })(vars) : value;
  }
  if (Array.isArray(value)) return value.map((item) => render(item, vars));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, render(item, vars)]));
  }
  return value;
}

function bodyOf(request: InboundSample["request"]): Buffer {
  if (request.body === undefined) return Buffer.alloc(0);
  if (typeof request.body !== "string") return Buffer.from(JSON.stringify(request.body));
  return request.body_encoding === "base64" ? Buffer.from(request.body, "base64") : Buffer.from(request.body);
}

/**
 * A sample of the App's fixtures as the runner renders it (D392), with the installation's own credentials as
 * `credentials.good`, so the platform's secret in the signing template is the one the installation verifies with;
 * signed with the fixtures' scheme unless the sample says `signed: false`. Its expectation is rendered with the same
 * values (a handshake's challenge carries the same nonce as the request).
 */
export function renderInboundSample(
  fixtures: Fixtures,
  sample: InboundSample,
  options: { readonly credentials: Credentials; readonly now: Date; readonly content: string },
): RenderedSample {
  const nowMs = options.now.getTime();
  const vars = {
    channel_address: typeof fixtures.channel_address === "string" ? fixtures.channel_address : "",
    credentials: { good: options.credentials },
    content: options.content,
    platform_url: "http://127.0.0.1:9",
    now: Math.floor(nowMs / 1000),
    now_ms: nowMs,
    nonce: randomBytes(12).toString("base64url"),
  };
  const request = render(sample.request, vars) as InboundSample["request"];
  const body = bodyOf(request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
  const signing = fixtures.inbound?.signing;
  if (signing !== undefined && sample.signed !== false) {
    const config = signing.options as HmacSha256Config | undefined;
    const scheme =
      signing.scheme === "hmac-sha256" && config !== undefined
        ? createHmacSha256Scheme(config)
        : SIGNATURE_SCHEMES[signing.scheme];
    const secret = String(render(signing.secret, vars));
    // An HMAC under an empty key is refused by the SDK; it is the fixtures' problem, said as such (a 409, not a 500).
    if (secret.trim() === "") {
      throw new ServiceError(
        "conflict",
        `The App's fixtures sign with an empty secret: inbound.signing.secret (${JSON.stringify(signing.secret)}) renders empty with this installation's credentials; the App's author fixes the fixtures file.`,
        { errors: [{ path: "/inbound/signing/secret", message: "renders empty" }] },
      );
    }
    for (const [name, value] of Object.entries(scheme.sign({ secret, body }))) headers[name.toLowerCase()] = value;
  }
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, item);
  }
  return {
    request: { method: request.method ?? "POST", path: request.path ?? "/", query, headers, body },
    expect: render(sample.expect, vars) as Readonly<Record<string, unknown>>,
  };
}
