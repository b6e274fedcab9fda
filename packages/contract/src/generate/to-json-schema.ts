import { z } from "zod";

/** A JSON Schema document as a plain object. */
export type JsonSchema = Record<string, unknown>;

/**
 * Converts a wire schema to JSON Schema 2020-12. Input mode: unknown properties are allowed wherever the zod
 * schema does not forbid them, so an adapter that adds a field stays conformant (forward compatibility).
 */
export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
}
