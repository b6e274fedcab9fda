import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { z } from "zod";
import { toJsonSchema } from "../src/generate/to-json-schema.ts";

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);
const compiled = new Map<z.ZodType, ValidateFunction>();

/** Whether the JSON Schema generated from `schema` (what `schemas/` publishes) accepts `value`, judged by ajv. */
export function jsonSchemaAccepts(schema: z.ZodType, value: unknown): boolean {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = ajv.compile(toJsonSchema(schema));
    compiled.set(schema, validate);
  }
  // JSON has no undefined: a case that removes a field with `undefined` means the field is absent.
  return validate(JSON.parse(JSON.stringify(value)));
}
