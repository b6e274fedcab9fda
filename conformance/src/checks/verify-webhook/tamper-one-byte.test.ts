import { describe, expect, it } from "vitest";
import type { RenderedRequest } from "../../context.ts";
import { tamperOneByte } from "./tamper-one-byte.ts";

const REQUEST: RenderedRequest = {
  method: "POST",
  path: "/",
  query: {},
  headers: {},
  body: '{"id":"evt_abc123","text":"hi"}',
};

/** How many bytes differ between two equally long byte strings. */
function bytesChanged(a: Buffer, b: Buffer): number {
  let changed = 0;
  for (let index = 0; index < a.length; index += 1) if (a[index] !== b[index]) changed += 1;
  return changed;
}

describe("tamperOneByte", () => {
  it("changes the first character of the nonce and nothing else, keeping the JSON valid", () => {
    const tampered = tamperOneByte(REQUEST, "abc123");
    expect(tampered.body).toBe('{"id":"evt_bbc123","text":"hi"}');
    expect(() => JSON.parse(tampered.body)).not.toThrow();
  });

  it("changes the letter or digit nearest the middle when the body does not carry the nonce", () => {
    const tampered = tamperOneByte(REQUEST, "not-there");
    expect(tampered.body).not.toBe(REQUEST.body);
    expect(tampered.body).toHaveLength(REQUEST.body.length);
    expect(bytesChanged(Buffer.from(tampered.body), Buffer.from(REQUEST.body))).toBe(1);
  });

  it("keeps digits digits, so a number stays a number", () => {
    expect(tamperOneByte({ ...REQUEST, body: "[9]" }, "9").body).toBe("[0]");
  });

  it("flips one byte of a base64 body", () => {
    const body = Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString("base64");
    const tampered = tamperOneByte({ ...REQUEST, body, body_encoding: "base64" }, "x");
    expect(bytesChanged(Buffer.from(tampered.body, "base64"), Buffer.from(body, "base64"))).toBe(1);
  });

  it("appends a byte to a body with nothing to change", () => {
    expect(tamperOneByte({ ...REQUEST, body: "" }, "x").body).toBe("x");
  });
});
