import { isSecretValue } from "../runner/secret-matcher.ts";
import { escapeTemplate } from "./escape-template.ts";

/** Replaces credential values in captured text with the template that renders them, longest value first. */
export type CredentialTemplater = (escaped: string) => string;

/**
 * Builds the replacement of every secret-looking credential value (as {@link isSecretValue} judges) by
 * `{{credentials.good.<key>}}`: a sample that carries a platform token keeps working, and the value is not
 * written out a second time.
 */
export function credentialTemplates(credentials: Readonly<Record<string, unknown>>): CredentialTemplater {
  const pairs = Object.entries(credentials)
    .filter((entry): entry is [string, string] => typeof entry[1] === "string" && isSecretValue(entry[1]))
    .filter(([key]) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(key))
    .map(([key, value]) => [escapeTemplate(value), `{{credentials.good.${key}}}`] as const)
    .sort((a, b) => b[0].length - a[0].length);
  return (escaped) => pairs.reduce((text, [value, template]) => text.replaceAll(value, template), escaped);
}
