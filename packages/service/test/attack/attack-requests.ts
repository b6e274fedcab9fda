import fc from "fast-check";
import { EDGE_STRINGS } from "./attack-bodies.ts";

/** Content types a client might send, odd ones included; null sends none. */
export const contentType: fc.Arbitrary<string | null> = fc.constantFrom(
  null,
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=utf-16",
  "application/problem+json",
  "text/plain",
  "text/html; charset=latin1",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "*/*",
  "",
  'application/json; charset="',
  "application/json, text/plain",
);

const headerName = fc.oneof(
  fc.constantFrom(
    "content-type",
    "authorization",
    "idempotency-key",
    "accept",
    "accept-encoding",
    "content-encoding",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "x-forwarded-for",
    "x-request-id",
    "cookie",
  ),
  fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
);

const headerValue: fc.Arbitrary<Buffer> = fc.oneof(
  fc.string({ maxLength: 60 }).map((text) => Buffer.from(text.replace(/[\r\n\0]/g, ""))),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes.filter((b) => b !== 10 && b !== 13 && b !== 0))),
  fc.constantFrom("gzip", "br", "Bearer", "Bearer ", "v1,", "9999999999", "-1", "x".repeat(8_000)).map(Buffer.from),
);

/** Extra headers, names repeating (duplicate Content-Type, Authorization…), values with any non-line-breaking byte. */
export const extraHeaders: fc.Arbitrary<[string, Buffer][]> = fc.array(fc.tuple(headerName, headerValue), {
  maxLength: 4,
});

/** What goes after the path: nothing, known parameters with odd values, unknown ones, broken percent-encoding. */
export const queryString: fc.Arbitrary<string> = fc
  .array(
    fc.tuple(
      fc.constantFrom("limit", "cursor", "limit", "include_uninstalled", "x", "__proto__", "constructor", ""),
      fc.oneof(
        fc.constantFrom("0", "-1", "101", "1e3", "20", "NaN", "true", "%", "%ZZ", "%ff%fe", "%00", "a".repeat(5_000)),
        fc.string({ maxLength: 30 }).map(encodeURIComponent),
        fc.base64String({ maxLength: 60 }),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([key, value]) => `${key}=${value}`).join("&")}`));

/** A path parameter (sent as latin1 bytes): a real one, numbers out of range, encoded junk, dot segments, bytes that are not UTF-8. */
export function pathValue(real: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(real) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        "0",
        "-1",
        "1.5",
        "1e3",
        "99999999999999999999",
        "9007199254740993",
        "0x10",
        " 1",
        "%20",
        "..",
        "%2e%2e",
        ".",
        "%2F",
        "%00",
        "%ff",
        "%",
        "null",
        `${real}/..`,
        `../${real}`,
        "x".repeat(3_000),
        // Sent as latin1 bytes: 0xff 0xfe and 0xe9 are not UTF-8.
        "\xff\xfe",
        "caf\xe9",
      ),
    },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 50 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 1_000_000 }).map(String) },
  );
}

/** Usually the endpoint's own method; sometimes another, an unknown or a lower-case one. */
export function methodFor(own: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constant(own) },
    { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD", "FOO", "get") },
  );
}

/** Every byte of the text's UTF-8 (a lone surrogate as U+FFFD's) percent-encoded. */
const percentEncoded = (text: string) =>
  [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/**
 * The edge values as a URL carries them, for a path or query parameter: each of EDGE_STRINGS percent-encoded,
 * escapes that are broken or decode to bytes that are not UTF-8 (a lone surrogate's, an overlong `/`), numbers out of
 * range, and raw bytes that are not UTF-8 (the request target is sent as latin1).
 */
export const EDGE_URL_VALUES: readonly string[] = [
  ...EDGE_STRINGS.map(percentEncoded),
  "%",
  "%ZZ",
  "%ed%a0%80",
  "%c0%af",
  "%ff%fe",
  "0",
  "-1",
  "1.5",
  "1e3",
  "99999999999999999999",
  "\xff\xfe",
];
