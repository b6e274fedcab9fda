import { z } from "zod";

/** A database identifier: a positive integer. */
export const idSchema = z.int().positive();

/** An RFC 3339 instant in UTC, as the service writes every timestamp. */
export const instantSchema = z.iso.datetime().meta({ description: "RFC 3339 instant in UTC." });

/** An http(s) URL the service may call (a callback address). */
export const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

/** C0 and C1 controls (NUL included) and the bidirectional embeddings, overrides and isolates (D108). */
const NO_CONTROLS = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;

/** A name of any kind: no control characters or bidirectional overrides, which make it read as something it is not. */
export function withoutControls(schema: z.ZodString): z.ZodString {
  return schema.regex(NO_CONTROLS, "must not contain control characters or bidirectional overrides (D108)");
}

/** A display name: 1–200 characters, none of them a control character or a bidirectional override. */
export const nameSchema = withoutControls(z.string().min(1).max(200));

/** D18: a `YYYY-MM-DD` day in the trigger's zone, or an RFC 3339 date-time with offset. */
export const scheduleDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: "YYYY-MM-DD (in the trigger's timezone) or an RFC 3339 date-time with offset." });
