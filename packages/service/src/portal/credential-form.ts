import type { CredentialDefinition, ProblemIssue } from "@adapterkit/contract";
import type { CredentialInput } from "../credentials/read-credential-input.ts";
import { storedFieldsOf } from "../credentials/stored-fields-of.ts";
import type { FormFields } from "./read-form.ts";

/** One input of a credentials form. */
export interface CredentialFieldView {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly type: "text" | "password";
  readonly optional: boolean;
  /** What the field is, from the manifest: its key, field and the name the adapter receives it under (D561). */
  readonly help: string;
  /** A record is stored for its key: left blank, the field keeps it (the installation page's form, D560). */
  readonly keeps: boolean;
  readonly error: string | undefined;
}

// Inputs are named by position (cred_<definition>_<field>), never by the manifest's strings, which may hold anything.
const nameOf = (i: number, j: number) => `cred_${i}_${j}`;

function isSecret(definition: CredentialDefinition, field: string): boolean {
  if (definition.type === "api_key") return true;
  return definition.fields?.find((declared) => declared.name === field)?.secret === true || field === "value";
}

function helpOf(definition: CredentialDefinition, field: { name: string; optional: boolean }, count: number): string {
  const kind = definition.type === "api_key" ? "API key" : "text";
  if (count === 1) {
    const as = definition.maps_to ?? field.name;
    return `Credential ${definition.key} (${kind}); the adapter receives it as ${as}. In the API: "${definition.key}": "…" or {"${field.name}": "…"}.`;
  }
  const declared = definition.fields?.find((candidate) => candidate.name === field.name);
  const secret = declared?.secret ? ", secret" : "";
  return `Field ${field.name} of credential ${definition.key}${field.optional ? ", optional" : ""}${secret}. In the API: "${definition.key}": {"${field.name}": "…", …}.`;
}

/**
 * The inputs for the credentials a manifest declares (OAuth ones are connected, not typed in), labelled with the
 * manifest's labels; `storedKeys` are keys whose record a blank field keeps.
 */
export function credentialFieldsOf(
  definitions: readonly CredentialDefinition[],
  issues: readonly ProblemIssue[] = [],
  storedKeys: ReadonlySet<string> = new Set(),
): CredentialFieldView[] {
  return definitions.flatMap((definition, i) => {
    if (definition.type === "oauth2") return [];
    const fields = storedFieldsOf(definition);
    return fields.map((field, j) => {
      const declared = definition.fields?.find((candidate) => candidate.name === field.name);
      const base = definition.label ?? definition.key;
      const label = fields.length === 1 ? base : `${base}: ${declared?.label ?? field.name}`;
      const pointer = `/credentials/${definition.key}`;
      const issue = issues.find(
        (candidate) => candidate.path === `${pointer}/${field.name}` || candidate.path === pointer,
      );
      return {
        id: nameOf(i, j).replaceAll("_", "-"),
        name: nameOf(i, j),
        label,
        type: isSecret(definition, field.name) ? ("password" as const) : ("text" as const),
        optional: field.optional,
        help: helpOf(definition, field, fields.length),
        keeps: storedKeys.has(definition.key),
        error: issue?.message,
      };
    });
  });
}

/** The credentials typed into a form built by credentialFieldsOf; a credential left wholly empty is left out. */
export function readCredentialForm(definitions: readonly CredentialDefinition[], form: FormFields): CredentialInput {
  const input: Record<string, Record<string, string>> = {};
  definitions.forEach((definition, i) => {
    if (definition.type === "oauth2") return;
    const fields: Record<string, string> = {};
    storedFieldsOf(definition).forEach((field, j) => {
      const value = form.get(nameOf(i, j)) ?? "";
      if (value !== "") fields[field.name] = value;
    });
    if (Object.keys(fields).length > 0) input[definition.key] = fields;
  });
  return input;
}
