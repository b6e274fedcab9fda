import pg from "pg";
import { toWellFormed } from "./to-storable-message.ts";

// JSON.stringify writes a lone surrogate (an emoji an excerpt cut in half) as an escape that PostgreSQL's json will
// not turn into text; as a parameter it would have become U+FFFD in UTF-8, and here it becomes that too.
const wellFormed = (_key: string, value: unknown) => (typeof value === "string" ? toWellFormed(value) : value);

/** Rows as the JSON parameter of a statement that reads them with `json_to_recordset` (D633). */
export function toJsonRows(rows: readonly Record<string, unknown>[]): string {
  return JSON.stringify(rows, wellFormed);
}

/**
 * An error the database answered for a statement, which it then rolled back whole: the statement wrote nothing and
 * may be tried again. A lost or ended connection (class 08 or 57, or a FATAL error, such as a backend ended after
 * its commit) leaves the statement's fate unknown (D633).
 */
export function refusedWhole(error: unknown): boolean {
  return error instanceof pg.DatabaseError && error.severity !== "FATAL" && !/^(08|57)/.test(error.code ?? "");
}
