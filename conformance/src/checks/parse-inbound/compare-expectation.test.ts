import { describe, expect, it } from "vitest";
import { compareExpectation } from "./compare-expectation.ts";

const MESSAGE = {
  event_type: "message.received",
  sender: "alice",
  message: "hello",
  is_bot: false,
  metadata: { a: [1] },
};

describe("compareExpectation", () => {
  it("finds nothing when every named field matches", () => {
    expect(
      compareExpectation({ kind: "message", sender: "alice", is_bot: false, metadata: { a: [1] } }, MESSAGE),
    ).toEqual([]);
  });

  it("names each differing field by its JSON Pointer", () => {
    const mismatches = compareExpectation({ kind: "message", is_bot: true, thread_id: "T1" }, MESSAGE);
    expect(mismatches.map((mismatch) => [mismatch.pointer, mismatch.expected, mismatch.actual])).toEqual([
      ["/is_bot", "true", "false"],
      ["/thread_id", '"T1"', "(absent)"],
    ]);
  });

  it("reports the kind alone when the answer is another kind", () => {
    const mismatches = compareExpectation({ kind: "ignored", sender: "x" }, MESSAGE);
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]?.message).toBe("answered a message, expected a ignored");
  });

  it("compares a handshake's challenge_response deeply", () => {
    expect(
      compareExpectation({ kind: "handshake", challenge_response: { c: 1 } }, { challenge_response: { c: 1 } }),
    ).toEqual([]);
    expect(
      compareExpectation({ kind: "handshake", challenge_response: { c: 1 } }, { challenge_response: { c: 2 } }),
    ).toHaveLength(1);
  });
});
