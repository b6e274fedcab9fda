import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { listenHttp } from "@adapterkit/sdk/testing";
import { createStandInEvents, type StandInEvents } from "./stand-in-events.ts";

/** Options of {@link startChatStandIn}. */
export interface ChatStandInOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** The bot token it accepts; default `xoxb-adapterkit-demo`. */
  token?: string;
  /** The signing secret handed out in `credentials`; random when omitted. */
  signingSecret?: string;
}

/** A `chat.postMessage` the stand-in accepted. */
export interface PostedMessage {
  channel: string;
  text: string;
  thread_ts?: string;
  ts: string;
}

/** A running stand-in of the Slack Web API. */
export interface ChatStandIn {
  /** The server's base URL. */
  readonly url: string;
  /** Working demo credentials for the chat adapter, pointing at this stand-in. */
  readonly credentials: { token: string; signing_secret: string; api_base_url: string; bot_user_id: string };
  /** Every message posted so far, oldest first. */
  messages(): readonly PostedMessage[];
  /** The Events API side: people's messages, retries and the bot's echoes, signed and sent to the Request URL. */
  readonly events: StandInEvents;
  /**
   * Rate-limits the next `times` calls of `chat.postMessage` (default 1) as Slack does: HTTP 429, a `Retry-After` of
   * `retryAfterSeconds` and `{ ok: false, error: "ratelimited" }`; nothing is posted.
   */
  throttle(retryAfterSeconds: number, times?: number): void;
  close(): Promise<void>;
}

const BOT_USER_ID = "U0ADAPTERKIT";
const BOT_ID = "B0ADAPTERKIT";

/**
 * Starts a local stand-in of the Slack Web API (`auth.test`, `chat.postMessage`) so the chat adapter works
 * offline; posted messages come back with a `bot_id`, as Slack's do.
 * @example const slack = await startChatStandIn(); console.log(slack.credentials);
 */
export async function startChatStandIn(options: ChatStandInOptions = {}): Promise<ChatStandIn> {
  const token = options.token ?? "xoxb-adapterkit-demo";
  const posted: PostedMessage[] = [];
  const signingSecret = options.signingSecret ?? randomBytes(16).toString("hex");
  const events = createStandInEvents({ signingSecret, botUserId: BOT_USER_ID, botId: BOT_ID });
  const throttling = { retryAfterSeconds: 0, remaining: 0 };
  // Like Slack, the bot's own posts are delivered to the app too, after the post was answered.
  const onPosted = (message: PostedMessage) => void events.echo(message).catch(() => undefined);
  const { url, close } = await listenHttp((req, res) => {
    void answer(req, res, { token, posted, onPosted, events, throttling }).catch(() =>
      send(res, 500, { ok: false, error: "internal_error" }),
    );
  }, options);
  return {
    url,
    events,
    credentials: {
      token,
      signing_secret: signingSecret,
      api_base_url: `${url}/api`,
      bot_user_id: BOT_USER_ID,
    },
    messages: () => [...posted],
    throttle(retryAfterSeconds, times = 1) {
      throttling.retryAfterSeconds = retryAfterSeconds;
      throttling.remaining = times;
    },
    close,
  };
}

async function answer(req: IncomingMessage, res: ServerResponse, state: StandInState): Promise<void> {
  const path = new URL(req.url ?? "/", "http://stand-in").pathname;
  if (path === STAND_IN_MESSAGES_PATH) return answerPerson(req, res, state);
  const args = await readArguments(req);
  const method = path.replace(/^\/api\//, "");
  if (req.method !== "POST" || (method !== "auth.test" && method !== "chat.postMessage")) {
    send(res, 404, { ok: false, error: "unknown_method" });
    return;
  }
  const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? args.token;
  if (given === undefined) return send(res, 200, { ok: false, error: "not_authed" });
  if (given !== state.token) return send(res, 200, { ok: false, error: "invalid_auth" });
  if (method === "auth.test") {
    return send(res, 200, {
      ok: true,
      url: "https://adapterkit-demo.slack.com/",
      team: "adapterkit demo",
      user: "adapterkit-bot",
      team_id: "T0ADAPTERKIT",
      user_id: BOT_USER_ID,
      bot_id: BOT_ID,
    });
  }
  if (state.throttling.remaining > 0) {
    state.throttling.remaining -= 1;
    const headers = { "retry-after": String(state.throttling.retryAfterSeconds) };
    return send(res, 429, { ok: false, error: "ratelimited" }, headers);
  }
  const { channel, text, thread_ts: threadTs } = args;
  if (!channel) return send(res, 200, { ok: false, error: "channel_not_found" });
  if (!text) return send(res, 200, { ok: false, error: "no_text" });
  const ts = nextTs(state.posted.length);
  const message = { channel, text, ts, ...(threadTs ? { thread_ts: threadTs } : {}) };
  state.posted.push(message);
  res.once("finish", () => state.onPosted(message));
  send(res, 200, {
    ok: true,
    channel,
    ts,
    message: {
      type: "message",
      user: BOT_USER_ID,
      bot_id: BOT_ID,
      text,
      ts,
      ...(threadTs ? { thread_ts: threadTs } : {}),
    },
  });
}

/** Where a person "writes" in the stand-in's workspace: `POST` `{channel, user, text}`; `GET` lists the bot's posts. */
export const STAND_IN_MESSAGES_PATH = "/stand-in/messages";

interface StandInState {
  token: string;
  posted: PostedMessage[];
  onPosted: (message: PostedMessage) => void;
  events: StandInEvents;
  throttling: { retryAfterSeconds: number; remaining: number };
}

/** A person's message, sent to the app's Request URL as an Events API callback; the app's answer is passed on. */
async function answerPerson(req: IncomingMessage, res: ServerResponse, state: StandInState): Promise<void> {
  if (req.method === "GET") return send(res, 200, { messages: state.posted });
  const args = await readArguments(req);
  if (!args.channel || !args.user || !args.text) {
    return send(res, 400, { ok: false, error: "expected JSON with string channel, user and text" });
  }
  try {
    const delivery = await state.events.postMessage({ channel: args.channel, user: args.user, text: args.text });
    send(res, 200, { ok: true, event_id: delivery.eventId, app_status: delivery.status, app_answer: delivery.body });
  } catch (error) {
    send(res, 409, { ok: false, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Slack takes arguments as JSON or as a form; both become strings here. */
async function readArguments(req: IncomingMessage): Promise<Record<string, string | undefined>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if ((req.headers["content-type"] ?? "").includes("application/json")) {
    const parsed: unknown = text === "" ? {} : JSON.parse(text);
    const entries = Object.entries(parsed as Record<string, unknown>).filter(([, value]) => typeof value === "string");
    return Object.fromEntries(entries) as Record<string, string>;
  }
  return Object.fromEntries(new URLSearchParams(text));
}

function nextTs(count: number): string {
  return `${Math.floor(Date.now() / 1000)}.${String(count + 1).padStart(6, "0")}`;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers }).end(JSON.stringify(body));
}
