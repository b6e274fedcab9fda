import { STORED_BODY_LIMIT, type StoredRequestJson } from "@adapterkit/contract";
import type { ReceivedRequest } from "./to-inbound-envelope.ts";

/** Names of headers, query parameters and JSON keys whose values are secrets: signatures, tokens, keys, cookies. */
const SECRET_NAME = /authorization|cookie|signature|secret|token|hmac|password|api[-_]?key|^x-auth|^sig$/i;

/** What a redacted value reads. */
export const REDACTED = "[redacted]";

/** Credential values shorter than this are not searched for in a body: too likely to match by chance. */
const MIN_SECRET_LENGTH = 8;

/** Every string value of the installation's credentials long enough to look for in a body. */
export function secretValuesOf(credentials: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === "string") {
      if (value.length >= MIN_SECRET_LENGTH) found.push(value);
    } else if (value !== null && typeof value === "object") {
      for (const inner of Object.values(value)) walk(inner);
    }
  };
  walk(credentials);
  return found;
}

function scrub(text: string, secrets: readonly string[]): string {
  let scrubbed = text;
  for (const secret of secrets) scrubbed = scrubbed.replaceAll(secret, REDACTED);
  return scrubbed;
}

/**
 * A JSON value with every value under a secret-looking key replaced; the value itself when it has none. Copy on
 * write (D603): an array or object is copied only once one of its values changed, so a body's unchanged parts cost
 * a walk and no allocation.
 */
function redactJson(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    let items: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const kept = redactJson(value[index]);
      if (kept === value[index]) continue;
      items ??= value.slice();
      items[index] = kept;
    }
    return items ?? value;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  // The values kept, gathered from the first change on (with the unchanged ones before it).
  let kept: unknown[] | undefined;
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    const inner = record[key];
    const next = SECRET_NAME.test(key) ? REDACTED : redactJson(inner);
    if (kept === undefined && next === inner) continue;
    kept ??= keys.slice(0, index).map((earlier) => record[earlier]);
    kept.push(next);
  }
  // Object.fromEntries defines each key as its own (a "__proto__" key stays a key, as JSON.parse made it).
  return kept === undefined ? value : Object.fromEntries(keys.map((key, index) => [key, kept[index]]));
}

/** One decoder for every body: `fatal` throws on bytes that are not UTF-8, and a call without `stream` keeps no state. */
const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** The body as kept: at most STORED_BODY_LIMIT bytes, JSON keys that name secrets redacted, credential values gone. */
function storedBody(body: Uint8Array | null, secrets: readonly string[]) {
  const bytes = body ?? new Uint8Array();
  const truncated = bytes.length > STORED_BODY_LIMIT;
  const kept = truncated ? bytes.subarray(0, STORED_BODY_LIMIT) : bytes;
  let text: string;
  try {
    text = UTF8.decode(kept);
  } catch {
    // Not UTF-8 (or cut inside a character): kept as base64, where no secret can be searched for by its text.
    return { body: Buffer.from(kept).toString("base64"), body_encoding: "base64" as const, truncated };
  }
  if (!truncated) {
    try {
      const parsed: unknown = JSON.parse(text);
      const redacted = redactJson(parsed);
      // Re-serialized only when a key was redacted, so a body with nothing to hide keeps its exact bytes.
      if (redacted !== parsed) text = JSON.stringify(redacted);
    } catch {
      // Not JSON: kept as it came, less the credential values.
    }
  }
  return { body: scrub(text, secrets), body_encoding: "text" as const, truncated };
}

/**
 * The request as an event record keeps it (D521): header and query names as received, the values of those that name
 * a secret redacted, any of the installation's credential values replaced wherever they stand, and the body bounded
 * with a flag saying it was cut.
 */
export function toStoredRequest(request: ReceivedRequest, secrets: readonly string[]): StoredRequestJson {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(", ") : value;
    headers[name.toLowerCase()] = SECRET_NAME.test(name) ? REDACTED : scrub(joined, secrets);
  }
  const query: Record<string, string | string[]> = {};
  for (const name of new Set(request.query.keys())) {
    const values = request.query
      .getAll(name)
      .map((value) => (SECRET_NAME.test(name) ? REDACTED : scrub(value, secrets)));
    query[name] = values.length === 1 ? (values[0] as string) : values;
  }
  const body = storedBody(request.body, secrets);
  return {
    method: request.method,
    path: request.path,
    query,
    headers,
    body: body.body,
    body_encoding: body.body_encoding,
    body_bytes: request.body?.length ?? 0,
    body_truncated: body.truncated,
  };
}
