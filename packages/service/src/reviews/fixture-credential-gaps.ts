import type { Fixtures } from "@adapterkit/conformance";
import type { CredentialDefinition, Manifest } from "@adapterkit/contract";
import { storedFieldsOf } from "../credentials/stored-fields-of.ts";

/** A required credential of a manifest that a fixtures file's `credentials.good` does not carry. */
export interface FixtureCredentialGap {
  /** The credential's key in the manifest. */
  readonly key: string;
  /** The name the adapter receives it under (D65), which is the name `credentials.good` must carry. */
  readonly field: string;
  readonly label: string;
}

/** The names the adapter receives a credential's required values under (D65, as `toAdapterCredentials` sends them). */
export function requiredAdapterFields(definition: CredentialDefinition): string[] {
  const stored = storedFieldsOf(definition);
  if (stored.every((field) => field.optional)) return [];
  if (definition.type === "api_key") return [definition.maps_to ?? "token"];
  if (definition.type === "oauth2" || definition.fields) {
    return stored.filter((field) => !field.optional).map((field) => field.name);
  }
  return [definition.maps_to ?? definition.key];
}

/** Whether a credential asks for a value without which the App cannot be installed (optional-only ones do not, D453). */
export const isRequiredCredential = (definition: CredentialDefinition): boolean =>
  requiredAdapterFields(definition).length > 0;

/**
 * The required credentials of `manifest` (only those not required by `base`, when given: what a version adds) whose
 * values the fixtures' `credentials.good` lacks or leaves empty: every check that calls the adapter with them fails
 * for that one reason (D591).
 */
export function fixtureCredentialGaps(
  manifest: Pick<Manifest, "credentials">,
  fixtures: Pick<Fixtures, "credentials">,
  base?: Pick<Manifest, "credentials">,
): FixtureCredentialGap[] {
  const before = new Set((base?.credentials ?? []).filter(isRequiredCredential).map((definition) => definition.key));
  const good = fixtures.credentials.good as Readonly<Record<string, unknown>>;
  const gaps: FixtureCredentialGap[] = [];
  for (const definition of manifest.credentials ?? []) {
    if (base !== undefined && before.has(definition.key)) continue;
    for (const field of requiredAdapterFields(definition)) {
      const value = good[field];
      if (value === undefined || value === null || value === "") {
        gaps.push({ key: definition.key, field, label: definition.label ?? definition.key });
      }
    }
  }
  return gaps;
}

/** A gap in words: `workspace_id (field workspace_id)`. */
export const describeGap = (gap: FixtureCredentialGap): string => `${gap.key} (field ${gap.field})`;
