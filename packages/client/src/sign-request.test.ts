import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { signingKey, signRequest } from "./sign-request.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const BODY = '{"credentials":{"token":"t"}}';

describe("signRequest", () => {
  it("produces the same signature as the standardwebhooks library for the same id, time and body", () => {
    const headers = signRequest({ secret: SECRET, body: BODY, id: "msg_1", timestampSeconds: 1_700_000_000 });
    const expected = new Webhook(SECRET).sign("msg_1", new Date(1_700_000_000_000), BODY);

    expect(headers).toEqual({
      "webhook-id": "msg_1",
      "webhook-timestamp": "1700000000",
      "webhook-signature": expected,
    });
  });

  it("signs a different body with a different signature", () => {
    const options = { secret: SECRET, id: "msg_1", timestampSeconds: 1_700_000_000 };

    expect(signRequest({ ...options, body: BODY })["webhook-signature"]).not.toBe(
      signRequest({ ...options, body: `${BODY} ` })["webhook-signature"],
    );
  });

  it("stamps the current time and a fresh msg_ id by default", () => {
    const before = Math.floor(Date.now() / 1000);
    const first = signRequest({ secret: SECRET, body: "" });
    const second = signRequest({ secret: SECRET, body: "" });

    expect(first["webhook-id"]).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(first["webhook-id"]).not.toBe(second["webhook-id"]);
    expect(Number(first["webhook-timestamp"])).toBeGreaterThanOrEqual(before);
  });

  it("signs once per secret, so a receiver knowing either of two secrets verifies the request", () => {
    const other = "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD";
    const headers = signRequest({ secret: [SECRET, other], body: BODY });

    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [SECRET, other]) expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    expect(() => new Webhook("whsec_VGhpcyBpcyBub3Qgb25lIG9mIHRoZW0h").verify(BODY, headers)).toThrow();
  });

  it("accepts the bare base64 key as well as the whsec_ form", () => {
    expect(signingKey(SECRET).equals(signingKey(SECRET.slice("whsec_".length)))).toBe(true);
  });

  it("gives every request a fresh msg_ id of 18 random bytes, past the refill of its pool", () => {
    const ids = Array.from({ length: 300 }, () => signRequest({ secret: SECRET, body: BODY })["webhook-id"]);
    for (const id of ids) expect(id).toMatch(/^msg_[A-Za-z0-9_-]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("refuses a secret with no key", () => {
    expect(() => signingKey("whsec_")).toThrow(TypeError);
  });
});
