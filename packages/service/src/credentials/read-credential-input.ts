import type { CredentialDefinition, ProblemIssue } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";
import { storedFieldsOf } from "./stored-fields-of.ts";

/** The credentials of an install request: by manifest key, an object of fields or, for one-field types, a string. */
export type CredentialInput = Readonly<Record<string, string | Readonly<Record<string, string>>>>;

function readOne(definition: CredentialDefinition, value: CredentialInput[string], issues: ProblemIssue[]) {
  const stored = storedFieldsOf(definition);
  const pointer = `/credentials/${definition.key}`;
  const only = stored.length === 1 ? stored[0] : undefined;
  const fields: Record<string, string> =
    typeof value === "string" ? (only ? { [only.name]: value } : {}) : { ...value };
  if (typeof value === "string" && only === undefined) {
    issues.push({ path: pointer, message: `expected an object of fields: ${stored.map((f) => f.name).join(", ")}` });
  }
  for (const name of Object.keys(fields)) {
    if (!stored.some((field) => field.name === name)) {
      issues.push({ path: `${pointer}/${name}`, message: `${definition.key} has no field ${name}` });
    }
  }
  for (const field of stored) {
    if (!field.optional && !fields[field.name]) {
      issues.push({ path: `${pointer}/${field.name}`, message: "required" });
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
      issues.push({ path: `/credentials/${key}`, message: `the App declares no credential ${key}` });
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
      issues.push({ path: `/credentials/${definition.key}`, message: "required (no stored credential has this key)" });
    }
  }
  const [first] = issues;
  if (first !== undefined) {
    throw new ServiceError("invalid_request", `${first.path.slice(1)}: ${first.message}`, { errors: issues });
  }
  return read;
}
