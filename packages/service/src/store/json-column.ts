/** Serialises a value for a JSON text column; `undefined` (no value) becomes SQL NULL. */
export function toJsonColumn(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/** Reads a JSON text column; SQL NULL reads as `null`. */
export function fromJsonColumn(text: string | null): unknown {
  return text === null ? null : JSON.parse(text);
}
