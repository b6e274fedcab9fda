import { describe, expect, it } from "vitest";
import { nestsDeeperThan } from "./nests-deeper-than.ts";

const nested = (levels: number) => JSON.parse("[".repeat(levels) + "]".repeat(levels)) as unknown;

describe("nestsDeeperThan", () => {
  it("counts each array or object as one level and scalars as none", () => {
    expect(nestsDeeperThan("text", 0)).toBe(false);
    expect(nestsDeeperThan([], 0)).toBe(true);
    expect(nestsDeeperThan([], 1)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
  });

  it("finds the one deep branch beside shallow ones", () => {
    expect(nestsDeeperThan({ flat: [1, 2, 3], deep: nested(64) }, 64)).toBe(true);
    expect(nestsDeeperThan({ flat: [1, 2, 3], deep: nested(63) }, 64)).toBe(false);
  });

  it("measures a document nested 100,000 levels deep without overflowing the stack", () => {
    expect(nestsDeeperThan(nested(100_000), 64)).toBe(true);
  });
});
