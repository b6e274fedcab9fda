import { describe, expect, it } from "vitest";
import { toInboundEnvelope } from "./to-inbound-envelope.ts";

const request = (body: Uint8Array | null, query = "") => ({
  method: "POST",
  path: "/api/v1/apps/inst_x/inbound",
  query: new URLSearchParams(query),
  headers: { "x-slack-signature": "v0=ab", "x-forwarded-for": ["a", "b"] },
  body,
});

describe("toInboundEnvelope", () => {
  it("passes a UTF-8 body as its exact text, with headers and query as D2 writes them", () => {
    const body = Buffer.from('{ "a" :1 ,"é":"ü"}');
    const envelope = toInboundEnvelope(request(body, "x=1&y=2&y=3"), { token: "t" });
    expect(envelope).toEqual({
      credentials: { token: "t" },
      method: "POST",
      path: "/api/v1/apps/inst_x/inbound",
      query: { x: "1", y: ["2", "3"] },
      headers: { "x-slack-signature": "v0=ab", "x-forwarded-for": "a, b" },
      body: '{ "a" :1 ,"é":"ü"}',
    });
    expect(Buffer.from(envelope.body, "utf8").equals(body)).toBe(true);
  });

  it("keeps a leading byte-order mark, since the platform signed it", () => {
    const body = Buffer.from("\uFEFFhello");
    expect(Buffer.from(toInboundEnvelope(request(body), {}).body, "utf8").equals(body)).toBe(true);
  });

  it("sends bytes that are not UTF-8 as base64 and says so", () => {
    const body = Uint8Array.from([0xff, 0x00, 0xc3]);
    const envelope = toInboundEnvelope(request(body), {});
    expect(envelope.body_encoding).toBe("base64");
    expect(Buffer.from(envelope.body, "base64")).toEqual(Buffer.from(body));
  });

  it("sends no body as an empty string", () => {
    expect(toInboundEnvelope(request(null), {}).body).toBe("");
  });
});
