/**
 * Serialises a JSON value with object keys sorted (by UTF-16 code units, as RFC 8785 does), so equal data always
 * gives equal text. Throws a TypeError for what JSON cannot carry faithfully: non-finite numbers, bigints,
 * functions, symbols, `undefined` outside an object property, and cycles.
 * @example canonicalJson({ b: 1, a: [true, null] }) // '{"a":[true,null],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return write(value, "$", new Set());
}

function write(input: unknown, path: string, ancestors: Set<object>): string {
  const value = hasToJson(input) ? input.toJSON() : input;
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`${path} is ${value}, which JSON cannot represent`);
    return JSON.stringify(value);
  }
  if (typeof value !== "object") throw new TypeError(`${path} is a ${typeof value}, which JSON cannot represent`);
  if (ancestors.has(value)) throw new TypeError(`${path} refers back to itself`);
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      return `[${value.map((item, index) => write(item, `${path}[${index}]`, ancestors)).join(",")}]`;
    }
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${write(item, `${path}.${key}`, ancestors)}`);
    return `{${entries.join(",")}}`;
  } finally {
    ancestors.delete(value);
  }
}

function hasToJson(value: unknown): value is { toJSON: () => unknown } {
  return typeof value === "object" && value !== null && typeof (value as { toJSON?: unknown }).toJSON === "function";
}
