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
  readonly error: string | undefined;
}

// Inputs are named by position (cred_<definition>_<field>), never by the manifest's strings, which may hold anything.
const nameOf = (i: number, j: number) => `cred_${i}_${j}`;

function isSecret(definition: CredentialDefinition, field: string): boolean {
  if (definition.type === "api_key") return true;
  return definition.fields?.find((declared) => declared.name === field)?.secret === true || field === "value";
}

/** The inputs for the credentials a manifest declares (OAuth ones are connected, not typed in). */
export function credentialFieldsOf(
  definitions: readonly CredentialDefinition[],
  issues: readonly ProblemIssue[] = [],
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
