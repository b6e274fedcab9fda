import { type AdapterEndpointId, adapterEndpoint } from "@adapterkit/contract";

/** `POST /verify` style label of an endpoint, as failures name it. */
export function label(id: AdapterEndpointId): string {
  const row = adapterEndpoint(id);
  return `${row.method} ${row.path}`;
}

/** Compact JSON of a value for `expected`/`actual` texts. */
export function show(value: unknown): string {
  if (value === undefined) return "(absent)";
  const text = typeof value === "string" ? JSON.stringify(value) : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 297)}...` : text;
}

/** The first part of a body for `actual` texts. */
export function excerpt(text: string, length = 200): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
