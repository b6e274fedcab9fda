import { ADAPTER_SHAPES, type AdapterShapeName, toJsonSchema } from "@adapterkit/contract";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { SchemaIssue } from "./client-result.ts";
import { toSchemaIssues } from "./to-schema-issues.ts";

/** The outcome of checking a value against a published wire shape. */
export type ShapeValidation = { readonly ok: true } | { readonly ok: false; readonly issues: readonly SchemaIssue[] };

// zod emits `format: "base64"` for z.base64(); ajv-formats knows it only as "byte", and strict mode refuses unknown formats.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const ajv = new Ajv2020({ strict: true, allErrors: true });
addFormats.default(ajv);
if (!ajv.formats.base64) ajv.addFormat("base64", BASE64);

const compiled = new Map<AdapterShapeName, ValidateFunction>();

function validatorFor(name: AdapterShapeName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile(toJsonSchema(ADAPTER_SHAPES[name]));
    compiled.set(name, validate);
  }
  return validate;
}

/**
 * Checks a value against the JSON Schema published for an adapter shape (`schemas/<name>.schema.json`).
 *
 * @example
 * validateShape("health-response", { status: "ready", version: "unknown", adapter: "chat" }); // { ok: true }
 */
export function validateShape(name: AdapterShapeName, value: unknown): ShapeValidation {
  const validate = validatorFor(name);
  if (validate(value)) return { ok: true };
  return { ok: false, issues: toSchemaIssues(validate.errors ?? [], value) };
}
