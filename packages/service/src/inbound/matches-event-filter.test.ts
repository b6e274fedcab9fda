import type { NormalizedMessage } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { matchesEventFilter } from "./matches-event-filter.ts";

const message: NormalizedMessage = {
  event_type: "message",
  sender: "U1",
  message: "Please pay the INVOICE today",
  is_bot: false,
  is_dm: true,
  thread_id: "t1",
  metadata: { channel: "C1", count: 3, nested: { a: 1 } },
};

describe("matchesEventFilter", () => {
  it("passes everything without a filter or with an empty one", () => {
    expect(matchesEventFilter(null, message)).toBe(true);
    expect(matchesEventFilter({}, message)).toBe(true);
  });

  it("matches a sender or one of a list of senders", () => {
    expect(matchesEventFilter({ sender: "U1" }, message)).toBe(true);
    expect(matchesEventFilter({ sender: ["U9", "U1"] }, message)).toBe(true);
    expect(matchesEventFilter({ sender: ["U9"] }, message)).toBe(false);
  });

  it("compares is_dm and thread_id exactly, a missing is_dm counting as false", () => {
    expect(matchesEventFilter({ is_dm: true, thread_id: "t1" }, message)).toBe(true);
    expect(matchesEventFilter({ is_dm: false }, message)).toBe(false);
    expect(matchesEventFilter({ thread_id: "t2" }, message)).toBe(false);
    const { is_dm: _dm, ...noDm } = message;
    expect(matchesEventFilter({ is_dm: false }, noDm)).toBe(true);
  });

  it("finds message_contains as plain text ignoring case, never as a pattern", () => {
    expect(matchesEventFilter({ message_contains: "invoice" }, message)).toBe(true);
    expect(matchesEventFilter({ message_contains: "inv.ice" }, message)).toBe(false);
  });

  it("matches metadata values by their text and never matches an object or a missing key", () => {
    expect(matchesEventFilter({ metadata: { channel: ["C1", "C2"], count: "3" } }, message)).toBe(true);
    expect(matchesEventFilter({ metadata: { nested: "[object Object]" } }, message)).toBe(false);
    expect(matchesEventFilter({ metadata: { absent: "x" } }, message)).toBe(false);
    expect(matchesEventFilter({ metadata: { toString: "x" } }, message)).toBe(false);
  });

  it("needs every condition to hold", () => {
    expect(matchesEventFilter({ sender: "U1", message_contains: "refund" }, message)).toBe(false);
    expect(matchesEventFilter({ sender: "U1", message_contains: "pay", metadata: { channel: "C1" } }, message)).toBe(
      true,
    );
  });
});
