import { describe, expect, it } from "vitest";
import { isWithin, joinSourcePath, relativeTo, toSourcePath } from "./source-path.ts";

describe("source paths", () => {
  it.each([
    ["docs", "/docs"],
    ["/docs/", "/docs"],
    ["//docs//guides/", "/docs/guides"],
    ["", "/"],
    ["/", "/"],
  ])("normalizes %j to %j", (input, expected) => {
    expect(toSourcePath(input, "resource_path")).toBe(expected);
  });

  it("refuses .. with a 400 naming the field", () => {
    expect(() => toSourcePath("/docs/../etc", "file_path")).toThrowError(/file_path/);
  });

  it("tells whether a path lies below a root, not merely beside it", () => {
    expect(isWithin("/docs/a.md", "/docs")).toBe(true);
    expect(isWithin("/docs", "/docs")).toBe(true);
    expect(isWithin("/docs-private/a.md", "/docs")).toBe(false);
    expect(isWithin("/anything", "/")).toBe(true);
  });

  it("round-trips paths relative to a root", () => {
    expect(relativeTo("/docs/a/b.md", "/docs")).toBe("a/b.md");
    expect(joinSourcePath("/docs", "a/b.md")).toBe("/docs/a/b.md");
    expect(joinSourcePath("/", relativeTo("/a.md", "/"))).toBe("/a.md");
  });
});
