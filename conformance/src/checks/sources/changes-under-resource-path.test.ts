import { describe, expect, it } from "vitest";
import { liesUnder } from "./changes-under-resource-path.ts";

describe("liesUnder", () => {
  it.each([
    ["/docs", "/docs/a.md"],
    ["/docs/", "/docs/sub/b.md"],
    ["/", "/a.md"],
    ["/docs/a.md", "/docs/a.md"],
    ["/docs", "a.md"],
    ["/docs", "sub/b.md"],
  ])("accepts a path below the resource: %s holds %s", (resource, path) => {
    expect(liesUnder(resource, path)).toBe(true);
  });

  it.each([
    ["/docs", "/etc/passwd"],
    ["/docs", "/docs-private/salaries.md"],
    ["/docs", "/docs/../etc/passwd"],
    ["/docs", "../etc/passwd"],
    ["/docs", "sub/../../etc/passwd"],
    ["/docs", "sub/../a.md"],
  ])("refuses a path outside the resource or climbing with ..: %s does not hold %s", (resource, path) => {
    expect(liesUnder(resource, path)).toBe(false);
  });
});
