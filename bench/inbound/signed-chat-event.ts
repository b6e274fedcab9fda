import type { InboundEnvelope } from "@adapterkit/contract";
import { signSlackV0 } from "@adapterkit/sdk";

const TEAM_ID = "T0BENCH";
let counter = 0;

/** One platform delivery as the chat stand-in sends it: an Events API body and Slack's v0 signature headers. */
export interface ChatDelivery {
  readonly body: string;
  readonly headers: Record<string, string>;
}

/**
 * A person's message as a Slack `event_callback` with an `event_id` (the adapter's dedup key) and `ts` no other
 * delivery of this process had, signed with the Slack signing secret at the moment of the call, so every request
 * of a load is a new event inside the adapter's five-minute window.
 */
export function signedChatEvent(slackSecret: string): ChatDelivery {
  counter += 1;
  const now = Math.floor(Date.now() / 1000);
  const ts = `${now}.${String(counter % 1_000_000).padStart(6, "0")}`;
  const body = JSON.stringify({
    token: "bench",
    team_id: TEAM_ID,
    api_app_id: "A0BENCH",
    type: "event_callback",
    event_id: `Ev${process.pid.toString(36).toUpperCase()}X${counter.toString(36).toUpperCase()}`,
    event_time: now,
    event: { type: "message", channel: "CBENCH", channel_type: "channel", user: "U0BENCH", text: "help me", ts },
    authorizations: [{ team_id: TEAM_ID, user_id: "U0BOT", is_bot: true }],
  });
  return {
    body,
    headers: { "content-type": "application/json", ...signSlackV0({ secret: slackSecret, body, timestamp: now }) },
  };
}

/** Slack's retry of a delivery: the same body, signed at the moment of the call, marked as the first retry. */
export function signedRetry(slackSecret: string, body: string): ChatDelivery {
  const now = Math.floor(Date.now() / 1000);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "x-slack-retry-num": "1",
      "x-slack-retry-reason": "http_timeout",
      ...signSlackV0({ secret: slackSecret, body, timestamp: now }),
    },
  };
}

/**
 * The D2 envelope the service builds from that delivery for `/verify-webhook` and `/parse-inbound` (headers lower-cased
 * as received, the body's exact text), with the installation's credentials as the adapter receives them.
 */
export function envelopeOf(delivery: ChatDelivery, host: string, credentials: Record<string, string>): InboundEnvelope {
  return {
    credentials,
    method: "POST",
    path: `/api/v1/apps/inst_${"b".repeat(22)}/inbound`,
    query: {},
    headers: { host, "content-length": String(Buffer.byteLength(delivery.body)), ...delivery.headers },
    body: delivery.body,
  };
}
