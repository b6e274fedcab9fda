import { describe, expect, it } from "vitest";
import { fromInputColumns, toInputColumns, toRunInput } from "./run-input.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("run input (D14)", () => {
  it("has no input without a body", () => {
    expect(toRunInput(null)).toBeNull();
    expect(toRunInput(new Uint8Array())).toBeNull();
  });

  it("parses any JSON value, ignoring a byte-order mark", () => {
    expect(toRunInput(bytes('{"a":1}'))).toEqual({ type: "json", value: { a: 1 } });
    expect(toRunInput(bytes("null"))).toEqual({ type: "json", value: null });
    expect(toRunInput(bytes('\uFEFF"x"'))).toEqual({ type: "json", value: "x" });
  });

  it("keeps anything else as a plain-text message", () => {
    expect(toRunInput(bytes("hello"))).toEqual({ type: "text", text: "hello" });
    expect(toRunInput(bytes("  "))).toEqual({ type: "text", text: "  " });
    expect(toRunInput(new Uint8Array([0xff, 0x41]))).toEqual({ type: "text", text: "\uFFFDA" });
  });

  it("stores and reads back each kind, telling JSON null from no input and a JSON string from text", () => {
    for (const input of [
      null,
      { type: "json", value: null },
      { type: "json", value: "x" },
      { type: "text", text: "x" },
    ] as const) {
      expect(fromInputColumns(toInputColumns(input))).toEqual(input);
    }
  });
});
