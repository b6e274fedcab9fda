import { describe, expect, it } from "vitest";
import { resolvePointer } from "./deliver-fixtures.ts";

const CAPTURED = { text: "hi", thread: { ts: "171.5" }, "a/b": { "~c": 1 }, list: ["x", "y"] };

describe("resolvePointer", () => {
  it("walks objects and arrays", () => {
    expect(resolvePointer(CAPTURED, "/thread/ts")).toBe("171.5");
    expect(resolvePointer(CAPTURED, "/list/1")).toBe("y");
  });

  it("unescapes ~1 and ~0", () => {
    expect(resolvePointer(CAPTURED, "/a~1b/~0c")).toBe(1);
  });

  it("answers the whole value for the empty pointer", () => {
    expect(resolvePointer(CAPTURED, "")).toBe(CAPTURED);
  });

  it("answers undefined for a path that does not exist", () => {
    expect(resolvePointer(CAPTURED, "/thread/missing")).toBeUndefined();
    expect(resolvePointer(CAPTURED, "/text/length")).toBeUndefined();
    expect(resolvePointer(undefined, "/text")).toBeUndefined();
  });
});
