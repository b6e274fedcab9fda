import { z } from "zod";

/** A JSON Schema document as a plain object. */
export type JsonSchema = Record<string, unknown>;

/** Formats that JSON Schema 2020-12 defines (zod also emits its own names, such as `starts_with`, for checks). */
const STANDARD_FORMATS = new Set([
  "date-time",
  "date",
  "time",
  "duration",
  "email",
  "idn-email",
  "hostname",
  "idn-hostname",
  "ipv4",
  "ipv6",
  "uri",
  "uri-reference",
  "iri",
  "iri-reference",
  "uuid",
  "uri-template",
  "json-pointer",
  "relative-json-pointer",
  "regex",
]);

/**
 * Converts a wire schema to JSON Schema 2020-12. Input mode: unknown properties are allowed wherever the zod
 * schema does not forbid them, so an adapter that adds a field stays conformant (D31). Non-standard `format`
 * names are dropped; the `pattern` zod emits beside them carries the rule.
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  const generated = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" });
  return stripNonStandardFormats(generated) as JsonSchema;
}

function stripNonStandardFormats(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(stripNonStandardFormats);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "format" && typeof value === "string" && !STANDARD_FORMATS.has(value)) continue;
    out[key] = stripNonStandardFormats(value);
  }
  return out;
}
