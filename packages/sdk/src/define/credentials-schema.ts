import type { Manifest } from "@adapterkit/contract/adapter";
import { z } from "zod";
import { credentialFieldsOf } from "./credential-fields.ts";

/**
 * Builds the schema the SDK checks `credentials` against: every declared field a string, the optional ones
 * allowed to be absent, and any further field the service sends passed through.
 */
export function credentialsSchemaFor(manifest: Pick<Manifest, "credentials">): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of credentialFieldsOf(manifest)) {
    const value = z.string({
      error: (issue) =>
        issue.input === undefined
          ? `missing: credential "${field.key}" passes its value as "${field.name}"`
          : `expected a string (credential "${field.key}")`,
    });
    shape[field.name] = field.optional ? value.optional() : value;
  }
  return z.looseObject(shape);
}
