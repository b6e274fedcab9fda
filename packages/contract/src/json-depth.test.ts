import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.ts";

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("exceedsJsonDepth", () => {
  it("accepts nesting up to the limit and refuses one level more", () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(5000)}}`)).toBe(true);
  });

  it("counts objects and arrays alike, and resets as they close", () => {
    const object = (levels: number): string => (levels === 0 ? "1" : `{"k":${object(levels - 1)}}`);
    expect(exceedsJsonDepth(object(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(Array(200).fill(nested(10)).join(","))).toBe(false);
  });

  it("ignores brackets inside strings, escaped quotes included", () => {
    expect(exceedsJsonDepth(JSON.stringify({ text: "[".repeat(500) }))).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify({ text: `\\"${"{".repeat(500)}` }))).toBe(false);
  });

  it("reads UTF-8 bytes the same as text", () => {
    const body = `{"é":${nested(70)}}`;
    expect(exceedsJsonDepth(new TextEncoder().encode(body))).toBe(true);
    expect(exceedsJsonDepth(body, 100)).toBe(false);
  });
});
