import { signRequest } from "@adapterkit/client";
import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { generateCallbackSecret } from "./callback-secret.ts";
import {
  CallbackSignatureError,
  isValidCallbackSignature,
  verifyCallbackSignature,
} from "./verify-callback-signature.ts";

const secret = generateCallbackSecret();
const body = '{"type":"workflow_run.completed"}';
const now = new Date("2030-01-01T00:00:00.000Z");
const seconds = now.getTime() / 1000;

function signed(overrides: { secret?: string; body?: string; timestampSeconds?: number } = {}) {
  const headers = signRequest({
    secret: overrides.secret ?? secret,
    body: overrides.body ?? body,
    id: "msg_1",
    timestampSeconds: overrides.timestampSeconds ?? seconds,
  });
  return { ...headers };
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof CallbackSignatureError ? error.code : `not a signature error: ${String(error)}`;
  }
  return undefined;
}

const check = (headers: Record<string, string>, options: { body?: string; at?: Date } = {}) =>
  verifyCallbackSignature({ headers, body: Buffer.from(options.body ?? body), secret, now: options.at ?? now });

describe("verifyCallbackSignature", () => {
  it("accepts a Standard Webhooks signature and returns the message id and timestamp", () => {
    expect(check(signed())).toEqual({ id: "msg_1", timestamp: seconds });
  });

  it("accepts what the standardwebhooks package signs, and that package accepts what we sign", () => {
    const webhook = new Webhook(secret);
    const signature = webhook.sign("msg_2", new Date(), body);
    const headers = { "webhook-id": "msg_2", "webhook-timestamp": String(Math.floor(Date.now() / 1000)) };
    expect(check({ ...headers, "webhook-signature": signature }, { at: new Date() }).id).toBe("msg_2");
    const ours = signRequest({ secret, body, id: "msg_3" });
    expect(webhook.verify(body, { ...ours })).toEqual({ type: "workflow_run.completed" });
  });

  it("accepts any one of several space-separated signatures (key rotation)", () => {
    const other = signed({ secret: generateCallbackSecret() })["webhook-signature"];
    const headers = signed();
    expect(check({ ...headers, "webhook-signature": `${other} ${headers["webhook-signature"]}` }).id).toBe("msg_1");
  });

  it("rejects a missing header with missing_header", () => {
    const { "webhook-id": _, ...withoutId } = signed();
    expect(codeOf(() => check(withoutId))).toBe("missing_header");
    expect(codeOf(() => check({ ...signed(), "webhook-signature": "" }))).toBe("missing_header");
  });

  it("rejects a timestamp that is not whole seconds, or a signature without v1, with malformed", () => {
    expect(codeOf(() => check({ ...signed(), "webhook-timestamp": "2030-01-01" }))).toBe("malformed");
    expect(codeOf(() => check({ ...signed(), "webhook-signature": "v2,abc" }))).toBe("malformed");
  });

  it("rejects a timestamp more than five minutes from the clock with stale_timestamp", () => {
    expect(codeOf(() => check(signed({ timestampSeconds: seconds - 301 })))).toBe("stale_timestamp");
    expect(codeOf(() => check(signed({ timestampSeconds: seconds + 301 })))).toBe("stale_timestamp");
    expect(codeOf(() => check(signed({ timestampSeconds: seconds - 299 })))).toBeUndefined();
  });

  it("rejects another secret, a changed body or a changed id with mismatch", () => {
    expect(codeOf(() => check(signed({ secret: generateCallbackSecret() })))).toBe("mismatch");
    expect(codeOf(() => check(signed(), { body: `${body} ` }))).toBe("mismatch");
    expect(codeOf(() => check({ ...signed(), "webhook-id": "msg_other" }))).toBe("mismatch");
  });

  it("has a boolean twin", () => {
    const options = { headers: signed(), body: Buffer.from(body), secret, now };
    expect(isValidCallbackSignature(options)).toBe(true);
    expect(isValidCallbackSignature({ ...options, body: Buffer.from("{}") })).toBe(false);
  });
});
