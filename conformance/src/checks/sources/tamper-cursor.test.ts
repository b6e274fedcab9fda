import { describe, expect, it } from "vitest";
import { tamperCursor } from "./tamper-cursor.ts";

describe("tamperCursor", () => {
  it("changes exactly one character near the middle", () => {
    const cursor = "eyJvIjoyfQ.c2lnbmF0dXJl";
    const tampered = tamperCursor(cursor);
    expect(tampered).toHaveLength(cursor.length);
    expect([...tampered].filter((char, index) => char !== cursor[index])).toHaveLength(1);
  });

  it("skips separators so the change lands in the payload or the signature", () => {
    expect(tamperCursor("ab.cd")).toBe("aa.cd");
  });

  it("changes a page number into another page number", () => {
    expect(tamperCursor("7")).toBe("8");
  });

  it("appends to a cursor without letters or digits", () => {
    expect(tamperCursor("--")).toBe("--x");
  });
});
