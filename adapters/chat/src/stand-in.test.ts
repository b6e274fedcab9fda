import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatStandIn, startChatStandIn } from "./stand-in.ts";

let slack: ChatStandIn;
beforeAll(async () => {
  slack = await startChatStandIn({ token: "xoxb-demo", signingSecret: "demo-secret" });
});
afterAll(() => slack.close());

async function call(method: string, init: { token?: string; body?: string; contentType?: string } = {}) {
  const response = await fetch(`${slack.url}/api/${method}`, {
    method: "POST",
    headers: {
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      "content-type": init.contentType ?? "application/json",
    },
    body: init.body ?? "{}",
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("startChatStandIn", () => {
  it("hands out credentials that point the adapter at it", () => {
    expect(slack.credentials).toEqual({
      token: "xoxb-demo",
      signing_secret: "demo-secret",
      api_base_url: `${slack.url}/api`,
      bot_user_id: "U0ADAPTERKIT",
    });
  });

  it("answers auth.test for its token", async () => {
    const { status, body } = await call("auth.test", { token: "xoxb-demo" });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, user: "adapterkit-bot", user_id: "U0ADAPTERKIT" });
  });

  it("answers invalid_auth for another token and not_authed for none", async () => {
    expect((await call("auth.test", { token: "xoxb-other" })).body).toEqual({ ok: false, error: "invalid_auth" });
    expect((await call("auth.test")).body).toEqual({ ok: false, error: "not_authed" });
  });

  it("records a posted message and answers it with a bot_id, as Slack does", async () => {
    const body = JSON.stringify({ channel: "C1", text: "hi there", thread_ts: "1.000001" });
    const answer = await call("chat.postMessage", { token: "xoxb-demo", body });
    expect(answer.body).toMatchObject({
      ok: true,
      channel: "C1",
      message: { text: "hi there", bot_id: "B0ADAPTERKIT", user: "U0ADAPTERKIT", thread_ts: "1.000001" },
    });
    expect(slack.messages().at(-1)).toEqual({
      channel: "C1",
      text: "hi there",
      thread_ts: "1.000001",
      ts: answer.body.ts,
    });
  });

  it("takes form-encoded arguments with the token among them", async () => {
    const body = new URLSearchParams({ token: "xoxb-demo", channel: "C2", text: "form" }).toString();
    const answer = await call("chat.postMessage", { body, contentType: "application/x-www-form-urlencoded" });
    expect(answer.body).toMatchObject({ ok: true, channel: "C2" });
  });

  it("refuses a post without channel or text", async () => {
    expect((await call("chat.postMessage", { token: "xoxb-demo", body: '{"text":"x"}' })).body).toEqual({
      ok: false,
      error: "channel_not_found",
    });
    expect((await call("chat.postMessage", { token: "xoxb-demo", body: '{"channel":"C1"}' })).body).toEqual({
      ok: false,
      error: "no_text",
    });
  });

  it("answers the next posts 429 with Retry-After while throttled, posts nothing, then posts again", async () => {
    const before = slack.messages().length;
    slack.throttle(7, 2);
    const post = () =>
      fetch(`${slack.url}/api/chat.postMessage`, {
        method: "POST",
        headers: { authorization: "Bearer xoxb-demo", "content-type": "application/json" },
        body: JSON.stringify({ channel: "C1", text: "busy" }),
      });
    for (const response of [await post(), await post()]) {
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("7");
      expect(await response.json()).toEqual({ ok: false, error: "ratelimited" });
    }
    expect(slack.messages()).toHaveLength(before);
    expect((await post()).status).toBe(200);
    expect(slack.messages()).toHaveLength(before + 1);
  });

  it("answers unknown_method with 404 for other methods", async () => {
    const { status, body } = await call("conversations.list", { token: "xoxb-demo" });
    expect(status).toBe(404);
    expect(body).toEqual({ ok: false, error: "unknown_method" });
  });
});
