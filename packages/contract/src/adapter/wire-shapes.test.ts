import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { issuePaths } from "../../test/issue-paths.ts";
import { jsonSchemaAccepts } from "../../test/json-schema-verdict.ts";
import { deliverRequestSchema, deliverResponseSchema } from "./deliver.ts";
import { ADAPTER_ERROR_STATUS, adapterErrorSchema, toAdapterError } from "./errors.ts";
import { formatRequestSchema, formatResponseSchema } from "./format.ts";
import { healthResponseSchema } from "./health.ts";
import {
  inboundEnvelopeSchema,
  inboundKind,
  parseInboundRequestSchema,
  parseInboundResponseSchema,
  parseInboundTriggerResponseSchema,
  verifyWebhookResponseSchema,
} from "./inbound.ts";
import {
  changeEntrySchema,
  fetchFileJsonResponseSchema,
  listChangesRequestSchema,
  listChangesResponseSchema,
} from "./sources.ts";
import { verifyResponseSchema } from "./verify.ts";

const MESSAGE = { event_type: "message.received", sender: "U1", message: "hi", is_bot: false };
const ENVELOPE = {
  credentials: {},
  method: "POST",
  path: "/",
  query: { a: ["1", "2"] },
  headers: { "x-a": "1" },
  body: "{}",
};

/** [label, schema, value, expected field path of the failure] */
type Case = [string, z.ZodType, unknown, string];

const valid: [string, z.ZodType, unknown][] = [
  ["health", healthResponseSchema, { status: "ready", version: "unknown", adapter: "chat" }],
  [
    "a normalized message",
    parseInboundResponseSchema,
    { ...MESSAGE, dedup_key: "e1", thread_id: "t", is_dm: true, metadata: { a: 1 } },
  ],
  [
    "a front-desk message without event_type",
    parseInboundResponseSchema,
    { sender: "U1", message: "hi", is_bot: false },
  ],
  ["a handshake", parseInboundResponseSchema, { challenge_response: "abc" }],
  ["a handshake answering with an object", parseInboundResponseSchema, { challenge_response: { challenge: "abc" } }],
  ["a message that also answers a challenge", parseInboundResponseSchema, { ...MESSAGE, challenge_response: "c" }],
  ["an ignored event", parseInboundResponseSchema, { ignored: true, reason: "edit" }],
  ["a trigger-mode message", parseInboundTriggerResponseSchema, MESSAGE],
  ["an envelope", inboundEnvelopeSchema, ENVELOPE],
  ["a base64 envelope", inboundEnvelopeSchema, { ...ENVELOPE, body: "AAE=", body_encoding: "base64" }],
  ["a parse request", parseInboundRequestSchema, { ...ENVELOPE, mode: "front_desk" }],
  ["verify ok", verifyResponseSchema, { ok: true, user: "bot" }],
  ["verify failure", verifyResponseSchema, { ok: false, error: "invalid_auth" }],
  ["verify-webhook ok", verifyWebhookResponseSchema, { ok: true }],
  [
    "a delivery",
    deliverRequestSchema,
    { credentials: {}, channel_address: "C1", message: { text: "x", thread_id: "t" } },
  ],
  ["delivered", deliverResponseSchema, { ok: true, message_id: "m1" }],
  ["refused", deliverResponseSchema, { ok: false, error: "channel_not_found", retryable: false }],
  ["format", formatRequestSchema, { text: "**a**" }],
  ["formatted", formatResponseSchema, { text: "*a*" }],
  ["an added file", changeEntrySchema, { path: "/a", fingerprint: "e1", status: "added" }],
  ["a removed file", changeEntrySchema, { path: "/a", fingerprint: null, status: "removed" }],
  ["a first listing", listChangesRequestSchema, { credentials: {}, resource_path: "/", cursor: null }],
  ["a listing", listChangesResponseSchema, { changes: [], cursor: "c" }],
  ["a JSON file", fetchFileJsonResponseSchema, { content_base64: "aGk=", content_type: "text/plain" }],
  [
    "an adapter error",
    adapterErrorSchema,
    { ok: false, error: "bad", code: "invalid_request", issues: [{ path: "/a", message: "x" }] },
  ],
];

const invalid: Case[] = [
  ["health without status", healthResponseSchema, { version: "1", adapter: "a" }, "status"],
  ["health without version", healthResponseSchema, { status: "ready", adapter: "a" }, "version"],
  ["health without adapter", healthResponseSchema, { status: "ready", version: "1" }, "adapter"],
  ["is_bot as a string", parseInboundTriggerResponseSchema, { ...MESSAGE, is_bot: "false" }, "is_bot"],
  ["a message without sender", parseInboundTriggerResponseSchema, { ...MESSAGE, sender: undefined }, "sender"],
  ["a message without body", parseInboundTriggerResponseSchema, { ...MESSAGE, message: undefined }, "message"],
  ["a message without is_bot", parseInboundTriggerResponseSchema, { ...MESSAGE, is_bot: undefined }, "is_bot"],
  [
    "a trigger-mode message without event_type",
    parseInboundTriggerResponseSchema,
    { ...MESSAGE, event_type: undefined },
    "event_type",
  ],
  ["is_dm as a string", parseInboundResponseSchema, { ...MESSAGE, is_dm: "yes" }, "is_dm"],
  ["metadata as an array", parseInboundResponseSchema, { ...MESSAGE, metadata: [] }, "metadata"],
  ["ignored false", parseInboundResponseSchema, { ignored: false, reason: "x" }, "ignored"],
  // A message is judged as one even when it also carries challenge_response: a handshake has no sender or message.
  [
    "a message with is_bot as a string and a challenge_response",
    parseInboundResponseSchema,
    { ...MESSAGE, is_bot: "false", challenge_response: "c" },
    "is_bot",
  ],
  ["a handshake with a sender", parseInboundResponseSchema, { sender: "U1", challenge_response: "c" }, "sender"],
  ["a parse request with mode listen", parseInboundRequestSchema, { ...ENVELOPE, mode: "listen" }, "mode"],
  [
    "an envelope with upper-case headers",
    inboundEnvelopeSchema,
    { ...ENVELOPE, headers: { "X-A": "1" } },
    "headers.X-A",
  ],
  ["an envelope with body_encoding hex", inboundEnvelopeSchema, { ...ENVELOPE, body_encoding: "hex" }, "body_encoding"],
  ["verify without ok", verifyResponseSchema, { user: "x" }, "ok"],
  [
    "a delivery without channel_address",
    deliverRequestSchema,
    { credentials: {}, message: { text: "x" } },
    "channel_address",
  ],
  [
    "a delivery without text",
    deliverRequestSchema,
    { credentials: {}, channel_address: "C", message: {} },
    "message.text",
  ],
  ["a refusal without retryable", deliverResponseSchema, { ok: false, error: "x" }, "retryable"],
  ["status deleted", changeEntrySchema, { path: "/a", fingerprint: "e", status: "deleted" }, "status"],
  [
    "a removed file with a fingerprint",
    changeEntrySchema,
    { path: "/a", fingerprint: "e", status: "removed" },
    "fingerprint",
  ],
  [
    "an added file with a null fingerprint",
    changeEntrySchema,
    { path: "/a", fingerprint: null, status: "added" },
    "fingerprint",
  ],
  ["a listing without cursor", listChangesResponseSchema, { changes: [] }, "cursor"],
  [
    "a listing request with a numeric cursor",
    listChangesRequestSchema,
    { credentials: {}, resource_path: "/", cursor: 1 },
    "cursor",
  ],
  ["content that is not base64", fetchFileJsonResponseSchema, { content_base64: "%%%" }, "content_base64"],
  ["an error with an unknown code", adapterErrorSchema, { ok: false, error: "x", code: "teapot" }, "code"],
];

describe("adapter wire shapes", () => {
  it.each(valid)("accepts %s", (_label, schema, value) => {
    expect(schema.safeParse(value).error).toBeUndefined();
  });

  it.each(invalid)("rejects %s", (_label, schema, value, field) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(issuePaths(result.error!)).toContain(field);
  });

  it.each(valid)("publishes a JSON Schema that accepts %s too", (_label, schema, value) => {
    expect(jsonSchemaAccepts(schema, value)).toBe(true);
  });

  it.each(invalid)("publishes a JSON Schema that rejects %s too", (_label, schema, value) => {
    expect(jsonSchemaAccepts(schema, value)).toBe(false);
  });

  it("tells the three D4 kinds apart", () => {
    expect(inboundKind({ ignored: true, reason: "edit" })).toBe("ignored");
    expect(inboundKind({ challenge_response: "c" })).toBe("handshake");
    expect(inboundKind({ sender: "a", message: "b", is_bot: false })).toBe("message");
  });

  it("maps every D8 code to its status", () => {
    expect(ADAPTER_ERROR_STATUS).toEqual({
      invalid_request: 400,
      unauthorized: 401,
      not_found: 404,
      payload_too_large: 413,
      rate_limited: 429,
      internal_error: 500,
      not_implemented: 501,
      platform_error: 502,
      platform_timeout: 504,
    });
    expect(toAdapterError("rate_limited", "slow down", { retry_after: 3 })).toEqual({
      status: 429,
      body: { ok: false, error: "slow down", code: "rate_limited", retry_after: 3 },
    });
  });
});
