import { describe, expect, it } from "vitest";
import { inChunks, ROWS_PER_STATEMENT } from "./in-chunks.ts";

describe("inChunks", () => {
  it("splits a list into consecutive pieces of at most the given size", () => {
    expect(inChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  });

  it("gives no pieces for an empty list", () => {
    expect(inChunks([], 3)).toEqual([]);
  });

  it("uses ROWS_PER_STATEMENT by default", () => {
    const pieces = inChunks(Array.from({ length: ROWS_PER_STATEMENT + 1 }, (_, index) => index));
    expect(pieces.map((piece) => piece.length)).toEqual([ROWS_PER_STATEMENT, 1]);
  });
});
