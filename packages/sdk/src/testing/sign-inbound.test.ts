import { describe, expect, it } from "vitest";
import { SIGNATURE_SCHEME_NAMES, SIGNATURE_SCHEMES } from "../helpers/index.ts";
import { buildSignedEnvelope, signInbound } from "./sign-inbound.ts";

const SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
const BODY = '{"type":"message","text":"hi"}';

describe("signInbound", () => {
  it.each(SIGNATURE_SCHEME_NAMES)("signs a sample that %s verification accepts, and not a changed one", (scheme) => {
    const headers = signInbound(scheme, { secret: SECRET, body: BODY });
    expect(SIGNATURE_SCHEMES[scheme].isValid({ secret: SECRET, headers, body: BODY })).toBe(true);
    expect(SIGNATURE_SCHEMES[scheme].isValid({ secret: SECRET, headers, body: `${BODY} ` })).toBe(false);
  });

  it("wraps a signed sample as a D2 envelope whose headers and body still verify", () => {
    const envelope = buildSignedEnvelope("slack-v0", {
      secret: SECRET,
      body: BODY,
      url: "/slack/events?team=T1",
      headers: { "Content-Type": "application/json" },
      credentials: { signing_secret: SECRET },
    });
    expect(envelope).toMatchObject({ path: "/slack/events", query: { team: "T1" }, body: BODY });
    expect(envelope.headers["content-type"]).toBe("application/json");
    expect(
      SIGNATURE_SCHEMES["slack-v0"].isValid({ secret: SECRET, headers: envelope.headers, body: envelope.body }),
    ).toBe(true);
  });

  it("signs with the timestamp and id it is given", () => {
    const headers = signInbound("standard-webhooks", {
      secret: SECRET,
      body: BODY,
      id: "msg_1",
      timestamp: 1_700_000_000,
    });
    expect(headers).toMatchObject({ "webhook-id": "msg_1", "webhook-timestamp": "1700000000" });
    const now = () => 1_700_000_000_000;
    expect(SIGNATURE_SCHEMES["standard-webhooks"].isValid({ secret: SECRET, headers, body: BODY, now })).toBe(true);
  });
});
