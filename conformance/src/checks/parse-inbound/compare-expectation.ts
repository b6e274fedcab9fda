import { isDeepStrictEqual } from "node:util";
import { inboundKind, type ParseInboundResponse } from "@adapterkit/contract";
import type { InboundExpectation } from "../../fixtures/fixtures.ts";
import { show } from "../shared/labels.ts";

/** One field where an answer differs from its expectation. */
export interface Mismatch {
  readonly pointer: string;
  readonly expected: string;
  readonly actual: string;
  readonly message: string;
}

/**
 * Compares a `/parse-inbound` answer with a sample's expectation: the D4 kind first, then every other field the
 * expectation names, deep-equal (`challenge_response` for handshakes, message fields for messages).
 */
export function compareExpectation(expect: InboundExpectation, answer: ParseInboundResponse): Mismatch[] {
  const kind = inboundKind(answer);
  if (kind !== expect.kind) {
    return [
      {
        pointer: "",
        expected: `a ${expect.kind} (D4)`,
        actual: `a ${kind}: ${show(answer)}`,
        message: `answered a ${kind}, expected a ${expect.kind}`,
      },
    ];
  }
  const fields = answer as Readonly<Record<string, unknown>>;
  const mismatches: Mismatch[] = [];
  for (const [field, wanted] of Object.entries(expect)) {
    if (field === "kind" || isDeepStrictEqual(fields[field], wanted)) continue;
    mismatches.push({
      pointer: `/${field.replaceAll("~", "~0").replaceAll("/", "~1")}`,
      expected: show(wanted),
      actual: show(fields[field]),
      message: `${field} is ${show(fields[field])}, expected ${show(wanted)}`,
    });
  }
  return mismatches;
}
