import { hmacSha256, safeEqual } from "@adapterkit/client/signatures";
import { canonicalJson } from "./canonical-json.ts";
import { deriveCredentialKey } from "./derive-key.ts";

/** Default upper bound of an encoded cursor, in bytes (the cursor is ASCII, so also in characters). */
export const CURSOR_MAX_BYTES = 8192;

/** Environment variable holding an optional deployment secret mixed into the cursor key. */
export const CURSOR_SECRET_ENV = "ADAPTER_CURSOR_SECRET";

const VERSION = "c1";
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Options of {@link encodeCursor} and {@link decodeCursor}. */
export interface CursorOptions {
  /** The request's `credentials`; a cursor only decodes under the credentials it was issued for. */
  credentials: Readonly<Record<string, unknown>>;
  /** Deployment secret; defaults to `process.env.ADAPTER_CURSOR_SECRET`, and to none when that is unset. */
  secret?: string;
  /** Size bound in bytes; default {@link CURSOR_MAX_BYTES}. */
  maxBytes?: number;
  /** Credential fields that do not bind the cursor; default the OAuth fields a refresh changes. */
  ignoreFields?: readonly string[];
}

/** Why a cursor was refused. */
export type CursorFailure = "malformed" | "too_large" | "tampered";

/** Outcome of {@link decodeCursor}: the value, or why the cursor is refused (an adapter answers 400). */
export type CursorResult = { ok: true; value: unknown } | { ok: false; code: CursorFailure; reason: string };

/** Thrown by {@link encodeCursor} for the adapter's own bug: a value that is not JSON or that is too large. */
export class CursorError extends Error {
  override readonly name = "CursorError";
  readonly code: "too_large" | "not_json";

  constructor(code: "too_large" | "not_json", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/**
 * Encodes a JSON value as an opaque, tamper-evident cursor bound to the credentials: base64url of canonical JSON
 * plus an HMAC-SHA256 tag. The value is signed, not encrypted: keep secrets out of it.
 * @example return { changes, cursor: encodeCursor({ etag, page: 2 }, { credentials }) };
 */
export function encodeCursor(value: unknown, options: CursorOptions): string {
  let json: string;
  try {
    json = canonicalJson(value);
  } catch (error) {
    throw new CursorError("not_json", `a cursor value must be JSON: ${(error as Error).message}`, { cause: error });
  }
  const body = `${VERSION}.${Buffer.from(json, "utf8").toString("base64url")}`;
  const cursor = `${body}.${hmacSha256(keyFor(options), body).toString("base64url")}`;
  const maxBytes = options.maxBytes ?? CURSOR_MAX_BYTES;
  if (cursor.length > maxBytes) {
    throw new CursorError("too_large", `cursor would be ${cursor.length} bytes, over the ${maxBytes}-byte bound`);
  }
  return cursor;
}

/**
 * Decodes a cursor made by {@link encodeCursor} under the same credentials and secret; a result, never a throw.
 * @example const previous = cursor === null ? undefined : decodeCursor(cursor, { credentials });
 */
export function decodeCursor(cursor: string, options: CursorOptions): CursorResult {
  const maxBytes = options.maxBytes ?? CURSOR_MAX_BYTES;
  if (typeof cursor !== "string") return refuse("malformed", "cursor is not a string");
  if (cursor.length > maxBytes) {
    return refuse("too_large", `cursor is ${cursor.length} bytes, over the ${maxBytes}-byte bound`);
  }
  const [version, payload, tag, ...rest] = cursor.split(".");
  if (version !== VERSION || !payload || !tag || rest.length > 0 || !BASE64URL.test(payload) || !BASE64URL.test(tag)) {
    return refuse("malformed", "cursor is not one this adapter issued");
  }
  // Compared as text: decoding first would let a different last character of the tag pass for the same bytes.
  const expected = hmacSha256(keyFor(options), `${version}.${payload}`).toString("base64url");
  if (!safeEqual(tag, expected)) {
    return refuse("tampered", "cursor was altered or issued for other credentials");
  }
  try {
    return { ok: true, value: JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) };
  } catch {
    return refuse("malformed", "cursor does not hold JSON");
  }
}

function keyFor(options: CursorOptions): Buffer {
  const secret = options.secret ?? process.env[CURSOR_SECRET_ENV];
  return deriveCredentialKey({
    credentials: options.credentials,
    purpose: "cursor",
    secret: secret || undefined,
    ...(options.ignoreFields ? { ignoreFields: options.ignoreFields } : {}),
  });
}

function refuse(code: CursorFailure, reason: string): CursorResult {
  return { ok: false, code, reason };
}
