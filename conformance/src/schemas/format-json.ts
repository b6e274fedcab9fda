const LINE_WIDTH = 120;

/**
 * JSON text laid out as the repository's formatter (Biome) lays it out, so generated files pass `npm run lint`:
 * two-space indent, every non-empty object expanded, an array of plain values on one line when it fits in 120
 * columns.
 */
export function formatJson(value: unknown): string {
  return `${formatValue(value, "", "")}\n`;
}

/** `prefix` is what precedes the value on its line (indent and key); `suffix` what follows it (a comma). */
function formatValue(value: unknown, indent: string, prefix: string, suffix = ""): string {
  if (Array.isArray(value)) return formatArray(value, indent, prefix, suffix);
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return "{}";
    const inner = `${indent}  `;
    const lines = entries.map(([key, item], index) => {
      const head = `${inner}${JSON.stringify(key)}: `;
      const comma = index < entries.length - 1 ? "," : "";
      return `${head}${formatValue(item, inner, head, comma)}${comma}`;
    });
    return `{\n${lines.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

function formatArray(items: readonly unknown[], indent: string, prefix: string, suffix: string): string {
  if (items.length === 0) return "[]";
  if (items.every((item) => item === null || typeof item !== "object")) {
    const flat = `[${items.map((item) => JSON.stringify(item)).join(", ")}]`;
    if (prefix.length + flat.length + suffix.length <= LINE_WIDTH) return flat;
  }
  const inner = `${indent}  `;
  const lines = items.map((item, index) => {
    const comma = index < items.length - 1 ? "," : "";
    return `${inner}${formatValue(item, inner, inner, comma)}${comma}`;
  });
  return `[\n${lines.join("\n")}\n${indent}]`;
}
