/**
 * Captured text made literal for handlebars: fixtures strings are templates, so a platform body that happens to
 * contain `{{` would otherwise be rendered (or fail to compile) instead of sent as it came.
 */
export function escapeTemplate(text: string): string {
  return text.replaceAll("{{", "\\{{");
}

/** Applies `map` to every string of a JSON value (not to object keys), keeping its shape. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  return value;
}
