import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { keyObjectCache } from "./key-object-cache.ts";

describe("keyObjectCache", () => {
  const utf8 = (text: string) => Buffer.from(text, "utf8");

  it("gives a key that hashes as the bytes it was decoded from, and the same key for the same text", () => {
    const keyOf = keyObjectCache(utf8);
    const expected = createHmac("sha256", utf8("s3cret")).update("body").digest("hex");
    expect(createHmac("sha256", keyOf("s3cret")).update("body").digest("hex")).toBe(expected);
    expect(keyOf("s3cret")).toBe(keyOf("s3cret"));
    expect(keyOf("other").equals(keyOf("s3cret"))).toBe(false);
  });

  it("passes on what decode throws and caches nothing for it", () => {
    let calls = 0;
    const keyOf = keyObjectCache((text) => {
      calls += 1;
      if (text === "bad") throw new TypeError("not a key");
      return utf8(text);
    });
    expect(() => keyOf("bad")).toThrow("not a key");
    expect(() => keyOf("bad")).toThrow("not a key");
    expect(calls).toBe(2);
  });

  it("keeps answering correctly past its size limit", () => {
    const keyOf = keyObjectCache(utf8);
    for (let index = 0; index < 3000; index += 1) {
      const text = `key-${index}`;
      expect(keyOf(text).export().toString("utf8")).toBe(text);
    }
  });
});
