import { describe, expect, it } from "vitest";
import { isValidPath, readPath } from "./read-path.ts";

const DOCUMENT = { data: { author: { name: "Ana" }, "a/b": 1, "m~n": 2, items: [{ text: "first" }] }, zero: 0 };

describe("readPath", () => {
  it("reads a JSON Pointer", () => {
    expect(readPath(DOCUMENT, "/data/author/name")).toBe("Ana");
    expect(readPath(DOCUMENT, "/data/items/0/text")).toBe("first");
  });

  it("unescapes ~1 and ~0 in pointer tokens", () => {
    expect(readPath(DOCUMENT, "/data/a~1b")).toBe(1);
    expect(readPath(DOCUMENT, "/data/m~0n")).toBe(2);
  });

  it("reads a dotted path, array indexes included", () => {
    expect(readPath(DOCUMENT, "data.author.name")).toBe("Ana");
    expect(readPath(DOCUMENT, "data.items.0.text")).toBe("first");
  });

  it("answers falsy values that exist", () => {
    expect(readPath(DOCUMENT, "/zero")).toBe(0);
  });

  it("answers undefined for paths that do not exist", () => {
    expect(readPath(DOCUMENT, "/data/missing")).toBeUndefined();
    expect(readPath(DOCUMENT, "/data/items/1")).toBeUndefined();
    expect(readPath(DOCUMENT, "/data/items/x")).toBeUndefined();
    expect(readPath(DOCUMENT, "data.author.name.first")).toBeUndefined();
    expect(readPath("text", "/a")).toBeUndefined();
  });

  it("does not read inherited properties", () => {
    expect(readPath({}, "/constructor")).toBeUndefined();
    expect(readPath({}, "toString")).toBeUndefined();
  });
});

describe("isValidPath", () => {
  it.each(["/sender", "/data/author/name", "/a~1b", "sender", "data.author.name", "items.0"])("accepts %s", (path) => {
    expect(isValidPath(path)).toBe(true);
  });

  it.each(["", "/a~2", "/a~", ".a", "a.", "a..b"])("refuses %j", (path) => {
    expect(isValidPath(path)).toBe(false);
  });
});
