import { describe, expect, it } from "vitest";
import { rawBodyOf } from "./raw-body-of.ts";

describe("rawBodyOf", () => {
  it("returns a text body unchanged", () => {
    expect(rawBodyOf({ body: '{"a": 1 }' })).toBe('{"a": 1 }');
  });

  it("decodes a base64 body to its bytes", () => {
    expect(rawBodyOf({ body: "/wD+", body_encoding: "base64" })).toEqual(Buffer.from([0xff, 0x00, 0xfe]));
  });
});
