import { readPath } from "./read-path.ts";

/** The fields tried, in order, when a path lands on an object: a GitHub `sender` reads as its `login`. */
export const READABLE_FIELDS = ["login", "name", "id"] as const;

/**
 * The first of the candidate paths whose value is a string, number or boolean, as text. A configured path is the
 * only candidate; without one, the defaults are tried in order. A path that lands on an object reads its `login`,
 * `name` or `id` (the first that is text); arrays, null and other objects never match.
 */
export function pickText(
  document: unknown,
  configured: string | undefined,
  defaults: readonly string[],
): string | undefined {
  const candidates = configured ? [configured] : defaults;
  for (const path of candidates) {
    const text = toText(readPath(document, path)) ?? readableField(readPath(document, path));
    if (text !== undefined) return text;
  }
  return undefined;
}

function toText(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

function readableField(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  for (const field of READABLE_FIELDS) {
    const text = toText((value as Record<string, unknown>)[field]);
    if (text !== undefined && text !== "") return text;
  }
  return undefined;
}
