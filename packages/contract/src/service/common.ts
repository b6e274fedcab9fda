import { z } from "zod";

/** A database identifier: a positive integer. */
export const idSchema = z.int().positive();

/** An RFC 3339 instant in UTC, as the service writes every timestamp. */
export const instantSchema = z.iso.datetime().meta({ description: "RFC 3339 instant in UTC." });

/** An http(s) URL the service may call (a callback address). */
export const httpUrlSchema = z.url({ protocol: /^https?$/ }).max(2048);

/** A display name: 1–200 characters. */
export const nameSchema = z.string().min(1).max(200);

/** D18: a `YYYY-MM-DD` day in the trigger's zone, or an RFC 3339 date-time with offset. */
export const scheduleDateSchema = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })])
  .meta({ description: "YYYY-MM-DD (in the trigger's timezone) or an RFC 3339 date-time with offset." });
