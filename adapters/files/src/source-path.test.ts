import { describe, expect, it } from "vitest";
import { isUrlWithin, isWithin, joinSourcePath, relativeTo, toSourcePath } from "./source-path.ts";

describe("source paths", () => {
  it.each([
    ["docs", "/docs"],
    ["/docs/", "/docs"],
    ["//docs//guides/", "/docs/guides"],
    ["", "/"],
    ["/", "/"],
    ["/photos/\u{1f600}.png", "/photos/\u{1f600}.png"],
  ])("normalizes %j to %j", (input, expected) => {
    expect(toSourcePath(input, "resource_path")).toBe(expected);
  });

  it("refuses .. with a 400 naming the field", () => {
    expect(() => toSourcePath("/docs/../etc", "file_path")).toThrowError(/file_path/);
  });

  it.each([
    ["/docs/..\\outside.txt", "backslash"],
    ["/docs\\..\\", "backslash"],
    ["/docs/a\\b.md", "backslash"],
    ["/docs/a\u0000.md", "control characters"],
    ["/docs/a\nb.md", "control characters"],
    ["/docs/a\u007f.md", "control characters"],
    ["/docs/a\ud800.md", "lone surrogate"],
    ["/docs/\udc00", "lone surrogate"],
    ["/docs/%2e%2e/outside.txt", '".."'],
    ["/docs/%2E/a.md", '".."'],
    ["/docs/.%2e", '".."'],
    ["/docs/%252e%252e/outside.txt", '".."'],
    ["/docs%2F..%2Fsecret", "may not encode"],
    ["/docs/..%5Coutside.txt", "may not encode"],
    ["/docs/a%00.md", "may not encode"],
  ])("refuses %j with a 400 naming the field (%s)", (input, reason) => {
    let thrown: unknown;
    try {
      toSourcePath(input, "file_path");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ code: "invalid_request", issues: [{ path: "/file_path" }] });
    expect((thrown as Error).message).toContain(reason);
  });

  it.each([
    ["/docs/100% sure.md", "/docs/100% sure.md"],
    ["/docs/a%20b.md", "/docs/a%20b.md"],
    ["/docs/...", "/docs/..."],
    ["/docs/.hidden", "/docs/.hidden"],
    ["/docs/Résumé #2.txt", "/docs/Résumé #2.txt"],
  ])("keeps the name %j that only looks odd", (input, expected) => {
    expect(toSourcePath(input, "file_path")).toBe(expected);
  });

  it("tells whether a URL lies below a root URL on the same origin", () => {
    const root = new URL("http://dav.test/base/docs");
    expect(isUrlWithin(new URL("http://dav.test/base/docs"), root)).toBe(true);
    expect(isUrlWithin(new URL("http://dav.test/base/docs/"), root)).toBe(true);
    expect(isUrlWithin(new URL("http://dav.test/base/docs/a.md"), root)).toBe(true);
    expect(isUrlWithin(new URL("http://dav.test/base/docs-private/a.md"), root)).toBe(false);
    expect(isUrlWithin(new URL("http://dav.test/base/outside.txt"), root)).toBe(false);
    expect(isUrlWithin(new URL("http://other.test/base/docs/a.md"), root)).toBe(false);
    expect(isUrlWithin(new URL("http://dav.test/base/"), new URL("http://dav.test/base/"))).toBe(true);
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
