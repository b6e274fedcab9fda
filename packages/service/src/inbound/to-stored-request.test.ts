import { STORED_BODY_LIMIT } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { REDACTED, secretValuesOf, toStoredRequest } from "./to-stored-request.ts";

const request = (headers: Record<string, string>, body: string | Uint8Array | null, query = "") => ({
  method: "POST",
  path: "/api/v1/apps/inst_x/inbound",
  query: new URLSearchParams(query),
  headers,
  body: typeof body === "string" ? new TextEncoder().encode(body) : body,
});

describe("toStoredRequest", () => {
  it("redacts signature, authorization and token headers and keeps the rest", () => {
    const stored = toStoredRequest(
      request(
        {
          "X-Hub-Signature-256": "sha256=abc",
          authorization: "Bearer t",
          "stripe-signature": "t=1,v1=x",
          "content-type": "application/json",
        },
        "{}",
      ),
      [],
    );
    expect(stored.headers).toEqual({
      "x-hub-signature-256": REDACTED,
      authorization: REDACTED,
      "stripe-signature": REDACTED,
      "content-type": "application/json",
    });
  });

  it("redacts secret-named JSON keys at any depth and credential values anywhere", () => {
    const body = JSON.stringify({ token: "verif", event: { text: "my key is sk_live_12345678", api_key: "k" } });
    const stored = toStoredRequest(request({}, body, "token=q&page=2"), secretValuesOf({ key: "sk_live_12345678" }));
    expect(JSON.parse(stored.body)).toEqual({
      token: REDACTED,
      event: { text: `my key is ${REDACTED}`, api_key: REDACTED },
    });
    expect(stored.query).toEqual({ token: REDACTED, page: "2" });
    expect(stored.body).not.toContain("sk_live_12345678");
  });

  it("redacts inside arrays in key order, and keeps a body with nothing to hide byte for byte", () => {
    const body = JSON.stringify({
      a: 1,
      items: [{ n: 1 }, { n: 2, secret: "s" }, [{ password: "p" }], "x"],
      z: { deep: [null, true] },
    });
    const stored = toStoredRequest(request({}, body), []);
    expect(stored.body).toBe(
      JSON.stringify({
        a: 1,
        items: [{ n: 1 }, { n: 2, secret: REDACTED }, [{ password: REDACTED }], "x"],
        z: { deep: [null, true] },
      }),
    );
    const plain = '{ "a": [1, {"b": "c"}],  "d": null }';
    expect(toStoredRequest(request({}, plain), []).body).toBe(plain);
  });

  it("redacts keys named exactly or by prefix, and keys spelled with \\u escapes", () => {
    const stored = (body: string) => JSON.parse(toStoredRequest(request({}, body), []).body);
    expect(stored('{"assignee":"c","design":{"sig":"d"}}')).toEqual({ assignee: "c", design: { sig: REDACTED } });
    expect(stored('{"X-Auth-User":"b","design":"d"}')).toEqual({ "X-Auth-User": REDACTED, design: "d" });
    const escaped = '{"tok\\u0065n":"a","\\u0073ig":"b","\\u0078-auth":"c","n":"\\u00e9"}';
    expect(stored(escaped)).toEqual({
      token: REDACTED,
      sig: REDACTED,
      "x-auth": REDACTED,
      n: "é",
    });
  });

  it("keeps a body over the limit cut, with its whole size and a flag", () => {
    const stored = toStoredRequest(request({}, "a".repeat(STORED_BODY_LIMIT + 10)), []);
    expect(stored).toMatchObject({ body_bytes: STORED_BODY_LIMIT + 10, body_truncated: true, body_encoding: "text" });
    expect(stored.body).toHaveLength(STORED_BODY_LIMIT);
  });

  it("keeps a body that is not UTF-8 as base64", () => {
    const stored = toStoredRequest(request({}, new Uint8Array([0xff, 0xfe, 0x00])), []);
    expect(stored).toMatchObject({ body: "//4A", body_encoding: "base64", body_bytes: 3, body_truncated: false });
  });

  it("keeps no body as an empty one", () => {
    expect(toStoredRequest(request({}, null), [])).toMatchObject({ body: "", body_bytes: 0, body_truncated: false });
  });

  it("finds credential values of every field and skips short ones", () => {
    expect(secretValuesOf({ a: "xoxb-1234567890", b: { url: "https://example.test" }, c: "short" })).toEqual([
      "xoxb-1234567890",
      "https://example.test",
    ]);
  });
});
