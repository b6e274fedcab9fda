import { readPath } from "./read-path.ts";

/**
 * The first of the candidate paths whose value is a string, number or boolean, as text. A configured path is the
 * only candidate; without one, the defaults are tried in order. Objects, arrays and null never match.
 */
export function pickText(
  document: unknown,
  configured: string | undefined,
  defaults: readonly string[],
): string | undefined {
  const candidates = configured ? [configured] : defaults;
  for (const path of candidates) {
    const value = readPath(document, path);
    if (typeof value === "string") return value;
    if (typeof value === "number" || typeof value === "boolean") return String(value);
  }
  return undefined;
}
