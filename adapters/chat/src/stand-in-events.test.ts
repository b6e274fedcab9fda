import { isValidSlackV0 } from "@adapterkit/sdk";
import { listenHttp } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatStandIn, STAND_IN_MESSAGES_PATH, startChatStandIn } from "./stand-in.ts";

interface Received {
  headers: Record<string, string>;
  body: string;
}

describe("the chat stand-in's Events API side", () => {
  let slack: ChatStandIn;
  let app: { url: string; close(): Promise<void> };
  const received: Received[] = [];
  let echoChallenge = true;

  beforeAll(async () => {
    slack = await startChatStandIn();
    app = await listenHttp((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const body = Buffer.concat(chunks).toString("utf8");
        received.push({ headers: req.headers as Record<string, string>, body });
        const payload = JSON.parse(body) as { type: string; challenge?: string };
        const text = payload.type === "url_verification" && echoChallenge ? (payload.challenge ?? "") : "ok";
        res.writeHead(200, { "content-type": "text/plain" }).end(text);
      });
    }, {});
  });
  afterAll(async () => {
    await slack?.close();
    await app?.close();
  });

  it("keeps no Request URL whose answer to url_verification is not the challenge", async () => {
    echoChallenge = false;
    expect(await slack.events.connect(`${app.url}/events`)).toBe(false);
    await expect(slack.events.postMessage({ channel: "C1", user: "U1", text: "x" })).rejects.toThrow(/connect/);
    echoChallenge = true;
    expect(await slack.events.connect(`${app.url}/events`)).toBe(true);
  });

  it("signs a person's message with the signing secret, and a retry keeps its event_id", async () => {
    const first = await slack.events.postMessage({ channel: "C1", user: "U1", text: "hi" });
    const retry = await slack.events.redeliver(first.eventId, 2);
    const [original, again] = received.slice(-2);
    for (const request of [original, again]) {
      const ok = isValidSlackV0({
        secret: slack.credentials.signing_secret,
        headers: request?.headers ?? {},
        body: request?.body ?? "",
      });
      expect(ok).toBe(true);
    }
    expect(again?.body).toBe(original?.body);
    expect(again?.headers["x-slack-retry-num"]).toBe("2");
    expect(retry.eventId).toBe(first.eventId);
    expect(JSON.parse(original?.body ?? "{}")).toMatchObject({
      type: "event_callback",
      event: { user: "U1", text: "hi" },
    });
  });

  it("sends any event in a signed event_callback envelope, and retries it with the reason given", async () => {
    const files = [{ id: "F1", name: "a.png" }];
    const sent = await slack.events.postEvent({
      subtype: "file_share",
      user: "U1",
      text: "look",
      files,
      channel: "C1",
    });
    const retry = await slack.events.redeliver(sent.eventId, 3, "http_error");
    const [original, again] = received.slice(-2);
    const payload = JSON.parse(original?.body ?? "{}") as Record<string, unknown>;
    expect(payload).toMatchObject({
      type: "event_callback",
      event_id: sent.eventId,
      team_id: expect.any(String),
      event_time: expect.any(Number),
      event: { type: "message", subtype: "file_share", user: "U1", text: "look", files, channel: "C1" },
    });
    expect(
      isValidSlackV0({
        secret: slack.credentials.signing_secret,
        headers: original?.headers ?? {},
        body: original?.body ?? "",
      }),
    ).toBe(true);
    expect(again?.headers["x-slack-retry-num"]).toBe("3");
    expect(again?.headers["x-slack-retry-reason"]).toBe("http_error");
    expect(retry.eventId).toBe(sent.eventId);
  });

  it("forges with another secret, and echoes the bot's own posts with its bot_id", async () => {
    await slack.events.forge({ channel: "C1", user: "U1", text: "evil" });
    const forged = received.at(-1);
    expect(
      isValidSlackV0({
        secret: slack.credentials.signing_secret,
        headers: forged?.headers ?? {},
        body: forged?.body ?? "",
      }),
    ).toBe(false);
    const before = received.length;
    await fetch(`${slack.credentials.api_base_url}/chat.postMessage`, {
      method: "POST",
      headers: { authorization: `Bearer ${slack.credentials.token}`, "content-type": "application/json" },
      body: JSON.stringify({ channel: "C1", text: "from the bot" }),
    });
    for (let i = 0; i < 100 && received.length === before; i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(JSON.parse(received.at(-1)?.body ?? "{}")).toMatchObject({
      event: { subtype: "bot_message", bot_id: "B0ADAPTERKIT", text: "from the bot" },
    });
  });

  it("takes a person's message over HTTP and lists the bot's posts", async () => {
    const response = await fetch(`${slack.url}${STAND_IN_MESSAGES_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: "C2", user: "U2", text: "over http" }),
    });
    expect(await response.json()).toMatchObject({ ok: true, app_status: 200 });
    const bad = await fetch(`${slack.url}${STAND_IN_MESSAGES_PATH}`, { method: "POST", body: "{}" });
    expect(bad.status).toBe(400);
    const listed = (await (await fetch(`${slack.url}${STAND_IN_MESSAGES_PATH}`)).json()) as { messages: unknown[] };
    expect(listed.messages).toHaveLength(1);
  });
});
