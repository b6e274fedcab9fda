import { z } from "zod";

/** A database identifier: a positive integer. */
export const idSchema = z.int().positive();

/** An RFC 3339 instant in UTC, as the service writes every timestamp. */
export const instantSchema = z.iso.datetime().meta({ description: "RFC 3339 instant in UTC." });

/** An http(s) URL the service may call (a callback address). */
export const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

/**
 * C0 and C1 controls (NUL included), the bidirectional embeddings, overrides and isolates (D108), and half of a
 * surrogate pair, which has no UTF-8 form (D330; with the u flag a whole pair is one code point, outside the range).
 */
const NO_CONTROLS = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]*$/u;

/** NUL, which a PostgreSQL text column cannot hold, and half of a surrogate pair. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what this refuses.
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/**
 * Free text (a description, a Skill's knowledge): any character a person can type, line breaks included, but not NUL
 * or a lone surrogate, which no store keeps as sent (D330).
 */
export function storableText(schema: z.ZodString): z.ZodString {
  return schema.refine((text) => !UNSTORABLE.test(text), {
    message: "must not contain NUL or a lone surrogate (half of a UTF-16 pair), which cannot be stored as sent (D330)",
  });
}

/** A name of any kind: no control characters or bidirectional overrides, which make it read as something it is not. */
export function withoutControls(schema: z.ZodString): z.ZodString {
  return schema.regex(
    NO_CONTROLS,
    "must not contain control characters, bidirectional overrides or lone surrogates (D108, D330)",
  );
}

/** A display name: 1–200 characters, none of them a control character or a bidirectional override. */
export const nameSchema = withoutControls(z.string().min(1).max(200));

/** D18: a `YYYY-MM-DD` day in the trigger's zone, or an RFC 3339 date-time with offset. */
export const scheduleDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: "YYYY-MM-DD (in the trigger's timezone) or an RFC 3339 date-time with offset." });
