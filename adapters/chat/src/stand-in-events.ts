import { randomBytes } from "node:crypto";
import { signSlackV0 } from "@adapterkit/sdk";

/** How the platform's answer to one event delivery came back. */
export interface EventDelivery {
  readonly eventId: string;
  readonly status: number;
  readonly body: string;
}

/** A message a person writes in the stand-in's workspace. */
export interface HumanMessage {
  readonly channel: string;
  readonly user: string;
  readonly text: string;
  readonly thread_ts?: string;
  readonly channel_type?: "channel" | "im";
}

/** The Events API side of the chat stand-in: what Slack does to an app's Request URL. */
export interface StandInEvents {
  /** Sets the Request URL after Slack's `url_verification` handshake; false (and unset) when it was not echoed. */
  connect(url: string): Promise<boolean>;
  /** A person posts a message: an `event_callback`, signed, delivered to the Request URL. */
  postMessage(message: HumanMessage): Promise<EventDelivery>;
  /**
   * Any Events API event as Slack sends it (`app_mention`, a `message` with a subtype, `files`…): the fields given
   * override a person's channel `message`, wrapped in a signed `event_callback` with a new `event_id`.
   */
  postEvent(event: Record<string, unknown>): Promise<EventDelivery>;
  /**
   * Slack's retry of a delivery: the same payload and `event_id`, newly signed, with `x-slack-retry-num` and
   * `x-slack-retry-reason` (default `http_timeout`).
   */
  redeliver(eventId: string, retryNum?: number, reason?: string): Promise<EventDelivery>;
  /** A forgery: a message delivered with a signature made with another secret. */
  forge(message: HumanMessage): Promise<EventDelivery>;
  /** The bot's own post comes back as an event with its `bot_id`, as Slack delivers it (the feedback loop). */
  echo(posted: { channel: string; text: string; ts: string; thread_ts?: string }): Promise<EventDelivery | undefined>;
  /** Every delivery's answer, oldest first. */
  deliveries(): readonly EventDelivery[];
}

const TEAM_ID = "T0ADAPTERKIT";
const APP_ID = "A0ADAPTERKIT";

/** The Events API sender of the stand-in, signing with the app's signing secret (Slack's v0 scheme). */
export function createStandInEvents(options: {
  signingSecret: string;
  botUserId: string;
  botId: string;
}): StandInEvents {
  let requestUrl: string | undefined;
  const payloads = new Map<string, string>();
  const answers: EventDelivery[] = [];
  let counter = 0;

  async function send(body: string, secret: string, extra: Record<string, string> = {}) {
    if (requestUrl === undefined) throw new Error("no Request URL: call connect() first");
    const headers = signSlackV0({ secret, body, timestamp: Math.floor(Date.now() / 1000) });
    const response = await fetch(requestUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers, ...extra },
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  function callback(event: Record<string, unknown>): { eventId: string; body: string } {
    counter += 1;
    const eventId = `Ev${randomBytes(5).toString("hex").toUpperCase()}`;
    const ts = `${Math.floor(Date.now() / 1000)}.${String(counter).padStart(6, "0")}`;
    const payload = {
      token: "stand-in",
      team_id: TEAM_ID,
      api_app_id: APP_ID,
      type: "event_callback",
      event_id: eventId,
      event_time: Math.floor(Date.now() / 1000),
      event: { type: "message", ts, event_ts: ts, ...event },
      authorizations: [{ team_id: TEAM_ID, user_id: options.botUserId, is_bot: true }],
    };
    const body = JSON.stringify(payload);
    payloads.set(eventId, body);
    return { eventId, body };
  }

  async function deliver(eventId: string, body: string, secret: string, extra?: Record<string, string>) {
    const answer = { eventId, ...(await send(body, secret, extra)) };
    answers.push(answer);
    return answer;
  }

  const human = (message: HumanMessage) => ({ channel_type: "channel", ...message });

  return {
    async connect(url) {
      requestUrl = url;
      const challenge = randomBytes(24).toString("base64url");
      const body = JSON.stringify({ token: "stand-in", challenge, type: "url_verification" });
      const answer = await send(body, options.signingSecret);
      if (answer.status === 200 && answer.body === challenge) return true;
      requestUrl = undefined;
      return false;
    },
    async postMessage(message) {
      const { eventId, body } = callback(human(message));
      return deliver(eventId, body, options.signingSecret);
    },
    async postEvent(event) {
      const { eventId, body } = callback({ channel_type: "channel", ...event });
      return deliver(eventId, body, options.signingSecret);
    },
    async redeliver(eventId, retryNum = 1, reason = "http_timeout") {
      const body = payloads.get(eventId);
      if (body === undefined) throw new Error(`no event ${eventId} was delivered`);
      const extra = { "x-slack-retry-num": String(retryNum), "x-slack-retry-reason": reason };
      return deliver(eventId, body, options.signingSecret, extra);
    },
    async forge(message) {
      const { eventId, body } = callback(human(message));
      return deliver(eventId, body, randomBytes(16).toString("hex"));
    },
    async echo(posted) {
      if (requestUrl === undefined) return undefined;
      const { eventId, body } = callback({
        subtype: "bot_message",
        bot_id: options.botId,
        user: options.botUserId,
        channel: posted.channel,
        text: posted.text,
        ts: posted.ts,
        ...(posted.thread_ts ? { thread_ts: posted.thread_ts } : {}),
      });
      return deliver(eventId, body, options.signingSecret);
    },
    deliveries: () => [...answers],
  };
}
