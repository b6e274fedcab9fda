import type { CredentialDefinition, ProblemIssue } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";
import { storedFieldsOf } from "./stored-fields-of.ts";

/** The credentials of a request: by manifest key, an object of fields or, for one-field types, a string (D561). */
export type CredentialInput = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

/** What a credential's value should look like, for a refusal to say. */
function expectedOf(definition: CredentialDefinition): string {
  const stored = storedFieldsOf(definition);
  const only = stored.length === 1 ? stored[0] : undefined;
  if (only !== undefined) return `an object {"${only.name}": "…"} or the value as a string`;
  const names = stored.map((field) => `${field.name}${field.optional ? " (optional)" : ""}`);
  return `an object of its fields: ${names.join(", ")}`;
}

/**
 * D561: an object of fields whatever their number; a one-field credential also as a bare string, or as an object
 * under its `maps_to` name (the name the adapter receives it under, which is what authors see in their code).
 */
function fieldsOf(
  definition: CredentialDefinition,
  value: CredentialInput[string],
): Record<string, string> | undefined {
  const stored = storedFieldsOf(definition);
  const only = stored.length === 1 ? stored[0] : undefined;
  if (typeof value === "string") return only ? { [only.name]: value } : undefined;
  const names = Object.keys(value);
  const alias = names.length === 1 ? names[0] : undefined;
  if (only !== undefined && alias !== undefined && alias !== only.name && alias === definition.maps_to) {
    return { [only.name]: value[alias] ?? "" };
  }
  return { ...value };
}

function readOne(definition: CredentialDefinition, value: CredentialInput[string], issues: ProblemIssue[]) {
  const stored = storedFieldsOf(definition);
  const pointer = `/credentials/${definition.key}`;
  const expected = expectedOf(definition);
  const fields = fieldsOf(definition, value);
  if (fields === undefined) {
    issues.push({ path: pointer, message: `${definition.key} has ${stored.length} fields: expected ${expected}` });
    return {};
  }
  for (const name of Object.keys(fields)) {
    if (!stored.some((field) => field.name === name)) {
      issues.push({
        path: `${pointer}/${name}`,
        message: `${definition.key} has no field ${name}: expected ${expected}`,
      });
    }
  }
  for (const field of stored) {
    if (!field.optional && !fields[field.name]) {
      issues.push({
        path: `${pointer}/${field.name}`,
        message: `${definition.key}.${field.name} is required: expected ${expected}`,
      });
    }
  }
  return fields;
}

const allOptional = (definition: CredentialDefinition) => storedFieldsOf(definition).every((field) => field.optional);

/**
 * Checks an install's credentials against the manifest's definitions: every field known, every required field given
 * (a key left out uses the stored record in the install's scope, when it has one; an OAuth key needs one, made by
 * connecting the account). 400 names each bad field.
 */
export function readCredentialInput(
  definitions: readonly CredentialDefinition[],
  input: CredentialInput,
  storedKeys: ReadonlySet<string>,
): Map<string, Record<string, string>> {
  const issues: ProblemIssue[] = [];
  const read = new Map<string, Record<string, string>>();
  for (const key of Object.keys(input)) {
    if (!definitions.some((definition) => definition.key === key)) {
      const keys = definitions.map((definition) => definition.key).join(", ") || "none";
      issues.push({
        path: `/credentials/${key}`,
        message: `the App declares no credential ${key}: its keys are ${keys}`,
      });
    }
  }
  for (const definition of definitions) {
    const value = input[definition.key];
    if (value !== undefined) read.set(definition.key, readOne(definition, value, issues));
    else if (storedKeys.has(definition.key) || allOptional(definition)) continue;
    else if (definition.type === "oauth2") {
      const message = "required: connect the account first (POST /api/v1/oauth/connect)";
      issues.push({ path: `/credentials/${definition.key}`, message });
    } else {
      issues.push({
        path: `/credentials/${definition.key}`,
        message: `${definition.key} is required (no stored credential has this key): expected ${expectedOf(definition)}`,
      });
    }
  }
  const [first] = issues;
  if (first !== undefined) {
    throw new ServiceError("invalid_request", `${first.path.slice(1)}: ${first.message}`, { errors: issues });
  }
  return read;
}
