import type { CheckOutcome } from "../../check.ts";
import type { ConformanceContext } from "../../context.ts";
import { failed, passed } from "../../outcome.ts";
import { callFailure, checkFailure } from "../parse-inbound/call-failure.ts";
import { show } from "../shared/labels.ts";
import type { ListChangesCall } from "./walk-sources.ts";

/** The cursor with one character near its middle changed to another of the same kind (letter, digit). */
export function tamperCursor(cursor: string): string {
  const middle = Math.floor(cursor.length / 2);
  for (let distance = 0; distance <= cursor.length; distance += 1) {
    for (const index of [middle - distance, middle + distance]) {
      const char = cursor.charAt(index);
      if (index < 0 || index >= cursor.length || !/[A-Za-z0-9]/.test(char)) continue;
      return `${cursor.slice(0, index)}${flip(char)}${cursor.slice(index + 1)}`;
    }
  }
  return `${cursor}x`;
}

function flip(char: string): string {
  if (/[0-9]/.test(char)) return String((Number(char) + 1) % 10);
  if (/[a-z]/.test(char)) return char === "a" ? "b" : "a";
  return char === "A" ? "B" : "A";
}

/** A cursor the adapter must refuse: any 4xx passes (D7 names 400); an answer, a 5xx or a broken reply fails. */
export function judgeRefusal(ctx: ConformanceContext, { call, result }: ListChangesCall, what: string): CheckOutcome {
  if (result.ok) {
    return failed([
      checkFailure(ctx, call, {
        message: `${what} was accepted`,
        pointer: "/cursor",
        expected: "a 400 invalid_request (D7)",
        actual: `200 ${show(result.value)}`,
      }),
    ]);
  }
  const { error } = result;
  if (error.kind === "http_status" && error.status >= 400 && error.status < 500)
    return passed(`refused with HTTP ${error.status}`);
  return failed([callFailure(ctx, call, result, `${what} must be refused with a 4xx (D7)`)]);
}
