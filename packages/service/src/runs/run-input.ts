import type { InputType } from "@adapterkit/contract";
import { fromJsonColumn } from "../store/index.ts";

/** A run's initial input (D14): parsed JSON, a plain-text message, or nothing. */
export type RunInput =
  | { readonly type: "json"; readonly value: unknown }
  | { readonly type: "text"; readonly text: string }
  | null;

const UTF8 = new TextDecoder("utf-8", { fatal: false });

/** D14: no bytes → no input; valid JSON (any value) → that value; anything else → a plain-text message. */
export function toRunInput(body: Uint8Array | null): RunInput {
  if (body === null || body.length === 0) return null;
  const text = UTF8.decode(body);
  try {
    // A leading BOM is not part of the JSON text (RFC 8259 §8.1 allows parsers to ignore it).
    return { type: "json", value: JSON.parse(text.replace(/^\uFEFF/, "")) };
  } catch {
    return { type: "text", text };
  }
}

/** The columns a run's input is stored in. */
export function toInputColumns(input: RunInput): { input_type: InputType | null; input: string | null } {
  if (input === null) return { input_type: null, input: null };
  return input.type === "json"
    ? { input_type: "json", input: JSON.stringify(input.value) }
    : { input_type: "text", input: JSON.stringify(input.text) };
}

/** Reads a run's input back from its columns. */
export function fromInputColumns(row: { input_type: string | null; input: string | null }): RunInput {
  if (row.input_type === "json") return { type: "json", value: fromJsonColumn(row.input) };
  if (row.input_type === "text") return { type: "text", text: String(fromJsonColumn(row.input)) };
  return null;
}
