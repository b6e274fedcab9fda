import { describe, expect, it } from "vitest";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.ts";

const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("exceedsJsonDepth", () => {
  it("accepts nesting up to the limit and refuses one level more", () => {
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(exceedsJsonDepth(`{"a":${nested(5000)}}`)).toBe(true);
  });

  it("refuses the shortest body that passes the limit, unclosed, and accepts one character less", () => {
    for (const limit of [0, 1, 2, 5, MAX_JSON_DEPTH, 1000]) {
      expect(exceedsJsonDepth("{".repeat(limit + 1), limit)).toBe(true);
      expect(exceedsJsonDepth(new TextEncoder().encode("[".repeat(limit + 1)), limit)).toBe(true);
      expect(exceedsJsonDepth("[".repeat(limit), limit)).toBe(false);
    }
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

  it("agrees with a reading byte by byte, as bytes and as text, on bodies of brackets, quotes and backslashes", () => {
    const byteByByte = (text: string, limit: number) => {
      let depth = 0;
      let inString = false;
      for (let at = 0; at < text.length; at += 1) {
        const char = text[at];
        if (inString) {
          if (char === "\\") at += 1;
          else if (char === '"') inString = false;
        } else if (char === '"') inString = true;
        else if (char === "[" || char === "{") {
          depth += 1;
          if (depth > limit) return true;
        } else if ((char === "]" || char === "}") && depth > 0) depth -= 1;
      }
      return false;
    };
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 2000; round += 1) {
      const text = Array.from({ length: next() % 40 }, () => '[]{}"\\é'[next() % 7]).join("");
      expect(exceedsJsonDepth(text, 3), text).toBe(byteByByte(text, 3));
      expect(exceedsJsonDepth(new TextEncoder().encode(text), 3), text).toBe(byteByByte(text, 3));
    }
  });

  it("reads UTF-8 bytes the same as text", () => {
    const body = `{"é":${nested(70)}}`;
    expect(exceedsJsonDepth(new TextEncoder().encode(body))).toBe(true);
    expect(exceedsJsonDepth(body, 100)).toBe(false);
  });
});
