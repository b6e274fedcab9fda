import { describe, expect, it } from "vitest";
import { toJsonPointer } from "./to-json-pointer.ts";

describe("toJsonPointer", () => {
  it("escapes ~ and / in keys and names the whole document with the empty string", () => {
    expect(toJsonPointer([])).toBe("");
    expect(toJsonPointer(["credentials", "a/b", "c~d", 0])).toBe("/credentials/a~1b/c~0d/0");
  });
});
