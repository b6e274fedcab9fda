import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { flipDigestByte, splitSignature, wrongSignatures } from "./signature-values.ts";

const MAC = createHmac("sha256", "k").update("body").digest();

/** How many bytes differ between two digests of equal length. */
function bytesChanged(a: Buffer, b: Buffer): number {
  return a.reduce((changed, byte, at) => changed + (byte === b[at] ? 0 : 1), 0);
}

describe("splitSignature", () => {
  it("finds the scheme prefix and the digest's encoding", () => {
    expect(splitSignature(`v1,${MAC.toString("base64")}`)).toMatchObject({ prefix: "v1,", encoding: "base64" });
    expect(splitSignature(`sha256=${MAC.toString("hex")}`)).toMatchObject({ prefix: "sha256=", encoding: "hex" });
    expect(splitSignature(MAC.toString("hex"))).toMatchObject({ prefix: "", encoding: "hex" });
  });
});

describe("flipDigestByte", () => {
  it("changes exactly one decoded byte of a base64 digest, keeping its form", () => {
    const valid = `v1,${MAC.toString("base64")}`;
    const flipped = flipDigestByte(valid, "last");
    expect(flipped).toHaveLength(valid.length);
    expect(bytesChanged(Buffer.from(flipped.slice(3), "base64"), MAC)).toBe(1);
  });

  it("changes exactly one byte of a hex digest", () => {
    const flipped = flipDigestByte(`v0=${MAC.toString("hex")}`, "first");
    expect(bytesChanged(Buffer.from(flipped.slice(3), "hex"), MAC)).toBe(1);
  });
});

describe("wrongSignatures", () => {
  it("gives values that all differ from the valid one", () => {
    const valid = `v1,${MAC.toString("base64")}`;
    const values = wrongSignatures(valid).map((wrong) => wrong.value);
    expect(values).toHaveLength(6);
    expect(values).not.toContain(valid);
    expect(new Set(values).size).toBe(values.length);
  });
});
