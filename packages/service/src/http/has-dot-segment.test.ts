import { describe, expect, it } from "vitest";
import { hasDotSegment } from "./has-dot-segment.ts";

describe("hasDotSegment", () => {
  it.each([
    "/api/v1/triggers/../workflows/2",
    "/api/v1/triggers/%2e%2e/workflows/2",
    "/api/v1/triggers/%2E./workflows/2",
    "/api/v1/./workflows",
    "/api/v1/workflows/%2e",
    "/api/v1/triggers\\..\\workflows/2",
    "/api/v1/workflows/..?x=1",
  ])("finds one in %s", (target) => {
    expect(hasDotSegment(target)).toBe(true);
  });

  it.each([
    "/api/v1/workflows/2",
    "/api/v1/workflows?cursor=../x",
    "/api/v1/files/a..b",
    "/api/v1/...",
    "/",
  ])("finds none in %s", (target) => {
    expect(hasDotSegment(target)).toBe(false);
  });
});
