// The work both sides of the comparison do per request: the same handler, schemas and sample request.
import {
  type ParseInboundResponse,
  parseInboundRequestSchema,
  parseInboundTriggerResponseSchema,
} from "@adapterkit/contract";
import { defineAdapter, defineManifest } from "@adapterkit/sdk";
import type { z } from "zod";

export const MANIFEST = defineManifest({
  schema_version: "1.0",
  name: "Bench",
  slug: "bench",
  capabilities: ["receive"],
  credentials: [{ key: "bench", type: "api_key", maps_to: "token" }],
});

export const PATH = "/bench/parse-inbound";
export const BODY_LIMIT = 1024 * 1024;

/** A chat platform's event, normalized: the handler a real adapter would write. */
export function parseEvent(request: { body: string }): ParseInboundResponse {
  const payload = JSON.parse(request.body) as {
    event: { user: string; text: string; ts: string; channel: string; bot_id?: string };
  };
  const { event } = payload;
  return {
    event_type: "message.received",
    sender: event.user,
    message: event.text,
    is_bot: event.bot_id !== undefined,
    dedup_key: event.ts,
    thread_id: event.channel,
  };
}

export const adapter = defineAdapter({
  manifest: MANIFEST,
  verify: () => ({ ok: true, user: "bench" }),
  verifyWebhook: () => ({ ok: true }),
  parseInbound: parseEvent,
  deliver: () => ({ ok: true, message_id: "1" }),
  format: ({ text }) => ({ text }),
});

/** The checks a careful hand-written handler makes: the request schema, the credential field, the answer. */
export const SCHEMAS: { request: z.ZodType; response: z.ZodType } = {
  request: parseInboundRequestSchema,
  response: parseInboundTriggerResponseSchema,
};

export const SAMPLE = JSON.stringify({
  credentials: { token: "xoxb-bench" },
  mode: "trigger",
  method: "POST",
  path: "/slack/events",
  query: {},
  headers: {
    "content-type": "application/json",
    "x-slack-request-timestamp": "1700000000",
    "x-slack-signature": "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503",
  },
  body: JSON.stringify({
    type: "event_callback",
    team_id: "T1",
    event: { type: "message", user: "U123", text: "Hello from the bench", ts: "1700000000.000100", channel: "C1" },
  }),
});
