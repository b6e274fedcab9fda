import { MESSAGE_LIMITS } from "@adapterkit/contract/adapter";
import { describe, expect, it } from "vitest";
import { fitMessageText, fitsMetadata } from "./fit-message.ts";

describe("fitMessageText", () => {
  it("keeps a text within the limit as it is", () => {
    expect(fitMessageText("hello")).toEqual({ text: "hello" });
    expect(fitMessageText("a".repeat(MESSAGE_LIMITS.message))).toEqual({ text: "a".repeat(MESSAGE_LIMITS.message) });
  });

  it("cuts a longer text to the limit and says how long it was", () => {
    expect(fitMessageText("a".repeat(70_000))).toEqual({ text: "a".repeat(MESSAGE_LIMITS.message), cutFrom: 70_000 });
  });

  it("never cuts inside a surrogate pair", () => {
    const fitted = fitMessageText(`${"a".repeat(9)}😀tail`, 10);
    expect(fitted).toEqual({ text: "a".repeat(9), cutFrom: 15 });
  });
});

describe("fitsMetadata", () => {
  it("measures metadata as its JSON text", () => {
    expect(fitsMetadata({ a: 1 })).toBe(true);
    expect(fitsMetadata({ blob: "x".repeat(MESSAGE_LIMITS.metadata) })).toBe(false);
  });
});
