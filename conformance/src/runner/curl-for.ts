import type { Redactor } from "./redactor.ts";

const SECRET_HEADERS =
  /^(authorization|cookie|proxy-authorization|webhook-signature|x-signature|x-hub-signature(-256)?|x-slack-signature)$/i;
const MAX_INLINE_BODY = 4_096;

/** A shell-safe single-quoted word. */
function quote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * A curl line that replays a call to the adapter, with credentials and signature headers redacted. A body too long
 * to paste (an over-size probe) is described instead of inlined.
 */
export function curlFor(
  redactor: Redactor,
  options: { url: string; method?: string; body?: unknown; headers?: Readonly<Record<string, string>> },
): string {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const parts = ["curl -sS", ...(method === "GET" ? [] : ["-X", method]), quote(options.url)];
  const headers: Record<string, string> = {
    ...(options.body === undefined ? {} : { "content-type": "application/json" }),
  };
  for (const [name, value] of Object.entries(options.headers ?? {})) headers[name.toLowerCase()] = value;
  for (const [name, value] of Object.entries(headers)) {
    parts.push("-H", quote(`${name}: ${SECRET_HEADERS.test(name) ? "[REDACTED]" : redactor.redact(value)}`));
  }
  if (options.body === undefined) return parts.join(" ");
  const text = typeof options.body === "string" ? options.body : JSON.stringify(maskCredentials(options.body));
  if (text.length <= MAX_INLINE_BODY) return [...parts, "--data-raw", quote(redactor.redact(text))].join(" ");
  return `${[...parts, "--data-binary", "@body.json"].join(" ")}  # body.json: the ${text.length}-byte body, not inlined`;
}

/** Replaces every value under a top-level `credentials` object, whatever its length. */
function maskCredentials(body: unknown): unknown {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return body;
  const record = body as Record<string, unknown>;
  const credentials = record.credentials;
  if (credentials === null || typeof credentials !== "object" || Array.isArray(credentials)) return body;
  return { ...record, credentials: Object.fromEntries(Object.keys(credentials).map((key) => [key, "[REDACTED]"])) };
}
