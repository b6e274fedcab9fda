import { describe, expect, it } from "vitest";
import { SignatureError } from "./signature-error.ts";
import { checkTimestamp, decodeDigest, requireHeader, safeEqual, toBytes } from "./signature-parts.ts";

describe("signature parts", () => {
  it("compares equal inputs as equal whatever their form", () => {
    expect(safeEqual("abc", Buffer.from("abc"))).toBe(true);
    expect(safeEqual(new Uint8Array([1, 2, 3]), Buffer.from([1, 2, 3]))).toBe(true);
  });

  it("compares inputs of different lengths as unequal without throwing", () => {
    expect(safeEqual("abc", "abcd")).toBe(false);
    expect(safeEqual("", "a")).toBe(false);
    expect(safeEqual("abd", "abc")).toBe(false);
  });

  it("reads the bytes of a view into a larger buffer, not the whole buffer", () => {
    const whole = Buffer.from("xxhelloxx");
    expect(toBytes(whole.subarray(2, 7)).toString()).toBe("hello");
  });

  it("joins a repeated header and treats a blank one as missing", () => {
    expect(requireHeader({ "x-a": ["1", "2"] }, "x-a")).toBe("1, 2");
    expect(requireHeader({ "x-a": "v" }, "X-A")).toBe("v");
    expect(() => requireHeader({ "x-a": "  " }, "x-a")).toThrow(SignatureError);
    expect(() => requireHeader({}, "x-a")).toThrow("the x-a header is missing");
  });

  it("decodes hex and base64 digests and refuses other text", () => {
    expect(decodeDigest("00ff", "hex", "h")).toEqual(Buffer.from([0, 255]));
    expect(decodeDigest("AP8=", "base64", "h")).toEqual(Buffer.from([0, 255]));
    for (const [text, encoding] of [
      ["0ff", "hex"],
      ["", "hex"],
      ["A", "base64"],
      ["a b", "base64"],
    ] as const) {
      expect(() => decodeDigest(text, encoding, "h")).toThrow(expect.objectContaining({ code: "malformed" }));
    }
  });

  it("accepts a timestamp within tolerance and rejects one outside it or not in seconds", () => {
    const options = { header: "t", toleranceSeconds: 10, now: () => 1_000_000 };
    expect(checkTimestamp("1000", options)).toBe(1000);
    expect(checkTimestamp("990", options)).toBe(990);
    expect(() => checkTimestamp("989", options)).toThrow(expect.objectContaining({ code: "stale_timestamp" }));
    expect(() => checkTimestamp("1011", options)).toThrow(expect.objectContaining({ code: "stale_timestamp" }));
    for (const text of ["1e3", "-5", "10.5", "1000000000000000000"]) {
      expect(() => checkTimestamp(text, options)).toThrow(expect.objectContaining({ code: "malformed" }));
    }
  });
});
