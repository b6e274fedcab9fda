import { inboundEnvelopeSchema, parseInboundRequestSchema } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { buildEnvelope, buildParseInboundRequest } from "./build-envelope.ts";

describe("buildEnvelope", () => {
  it("lower-cases header names and joins repeats with a comma and space (D2)", () => {
    const envelope = buildEnvelope({
      headers: { "X-Slack-Signature": "v0=a", Accept: ["a", "b"], accept: "c" },
      body: "{}",
    });
    expect(envelope.headers).toEqual({ "x-slack-signature": "v0=a", accept: "a, b, c" });
    expect(inboundEnvelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it("splits the query off the URL, keeping repeated keys as lists", () => {
    const envelope = buildEnvelope({ method: "get", url: "/hooks/in?a=1&b=2&b=3", body: "" });
    expect(envelope).toMatchObject({ method: "GET", path: "/hooks/in", query: { a: "1", b: ["2", "3"] } });
  });

  it("keeps a UTF-8 body as text, byte for byte", () => {
    const text = '{ "name": "Zoë",\n  "spaced" : true }';
    expect(buildEnvelope({ body: new TextEncoder().encode(text) })).toMatchObject({ body: text });
    expect(buildEnvelope({ body: text }).body_encoding).toBeUndefined();
  });

  it("base64-encodes a body that is not UTF-8 and says so", () => {
    const bytes = new Uint8Array([0xff, 0x00, 0xfe]);
    expect(buildEnvelope({ body: bytes })).toMatchObject({ body: "/wD+", body_encoding: "base64" });
  });

  it("builds a parse-inbound request in trigger mode unless told otherwise", () => {
    const request = buildParseInboundRequest({ credentials: { token: "t" }, body: "{}" });
    expect(parseInboundRequestSchema.parse(request)).toMatchObject({ mode: "trigger", credentials: { token: "t" } });
    expect(buildParseInboundRequest({ body: "{}", mode: "front_desk" }).mode).toBe("front_desk");
  });
});
