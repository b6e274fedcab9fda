import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { CREDENTIALS, slackAnswer, useChatAdapterWithSlackMock } from "../../test/slack-mock.ts";

const slack = useChatAdapterWithSlackMock();

function posted(args: Record<string, unknown>, extra: Record<string, unknown> = {}): Response {
  const message = { type: "message", user: "U1", bot_id: "B1", text: args.text, ts: "1700000000.000200", ...extra };
  return slackAnswer({ ok: true, channel: args.channel, ts: "1700000000.000200", message });
}

describe("POST /deliver", () => {
  it("posts the text to the channel with chat.postMessage and answers the message ts", async () => {
    const calls = slack.mockMethod("chat.postMessage", ({ args }) => posted(args));
    const { status, body } = await slack.adapter().client.deliver({
      credentials: CREDENTIALS,
      channel_address: "C0123",
      message: { text: "Hello *team* 👋" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, message_id: "1700000000.000200" });
    expect(calls).toEqual([
      {
        method: "chat.postMessage",
        authorization: "Bearer xoxb-test-good",
        contentType: "application/json; charset=utf-8",
        args: { channel: "C0123", text: "Hello *team* 👋" },
      },
    ]);
  });

  it("replies in the thread named by thread_id and answers that thread", async () => {
    const calls = slack.mockMethod("chat.postMessage", ({ args }) => posted(args, { thread_ts: args.thread_ts }));
    const { body } = await slack.adapter().client.deliver({
      credentials: CREDENTIALS,
      channel_address: "C0123",
      message: { text: "in thread", thread_id: "1699999999.000100" },
    });
    expect(body).toEqual({ ok: true, message_id: "1700000000.000200", thread_id: "1699999999.000100" });
    expect(calls[0]?.args).toEqual({ channel: "C0123", text: "in thread", thread_ts: "1699999999.000100" });
  });

  it.each([
    ["channel_not_found", false],
    ["invalid_auth", false],
    ["not_in_channel", false],
    ["ratelimited", true],
    ["internal_error", true],
  ])("answers Slack's %s as ok: false with retryable %s", async (error, retryable) => {
    slack.mockMethod("chat.postMessage", () => slackAnswer({ ok: false, error }));
    const { status, body } = await slack.adapter().client.deliver({
      credentials: CREDENTIALS,
      channel_address: "C0123",
      message: { text: "hi" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error, retryable });
  });

  it("answers Slack's HTTP 429 with Retry-After as 429 rate_limited carrying that delay", async () => {
    slack.mockMethod("chat.postMessage", () =>
      slackAnswer({ ok: false, error: "ratelimited" }, { status: 429, headers: { "retry-after": "30" } }),
    );
    const { status, headers, body } = await slack
      .adapter()
      .client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "x" } });
    expect(status).toBe(429);
    expect(headers.get("retry-after")).toBe("30");
    expect(body).toEqual({
      ok: false,
      code: "rate_limited",
      error: "chat.postMessage: ratelimited, retry after 30 s",
      retry_after: 30,
    });
  });

  it.each([
    ["no Retry-After", undefined],
    ["a Retry-After that is a date", "Wed, 21 Oct 2015 07:28:00 GMT"],
  ])("answers an HTTP 429 with %s as ratelimited and retryable", async (_, retryAfter) => {
    slack.mockMethod(
      "chat.postMessage",
      () =>
        new HttpResponse("slow down", {
          status: 429,
          ...(retryAfter === undefined ? {} : { headers: { "retry-after": retryAfter } }),
        }),
    );
    const { status, body } = await slack
      .adapter()
      .client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "x" } });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error: "ratelimited", retryable: true });
  });

  it("answers a platform 5xx as retryable", async () => {
    slack.mockMethod("chat.postMessage", () => new HttpResponse("<html>bad gateway</html>", { status: 502 }));
    const { body } = await slack
      .adapter()
      .client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "x" } });
    expect(body).toEqual({ ok: false, error: "http_502", retryable: true });
  });

  it("answers a network failure as retryable", async () => {
    slack.mockMethod("chat.postMessage", () => HttpResponse.error());
    const { status, body } = await slack
      .adapter()
      .client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "x" } });
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: false, retryable: true, error: expect.stringMatching(/^network_error/) });
  });

  it("answers a 200 that is not a Web API answer as not retryable", async () => {
    slack.mockMethod("chat.postMessage", () => new HttpResponse("<html>portal</html>", { status: 200 }));
    const { body } = await slack
      .adapter()
      .client.deliver({ credentials: CREDENTIALS, channel_address: "C1", message: { text: "x" } });
    expect(body).toMatchObject({ ok: false, retryable: false, error: expect.stringMatching(/^invalid_response/) });
  });

  it("does not echo the API base URL (a credential) in a failure", async () => {
    slack.mockMethod("chat.postMessage", () => HttpResponse.error(), "https://secret-host.example.test/api");
    const credentials = { ...CREDENTIALS, api_base_url: "https://secret-host.example.test/api" };
    const { body } = await slack
      .adapter()
      .client.deliver({ credentials, channel_address: "C1", message: { text: "x" } });
    expect(JSON.stringify(body)).not.toContain("secret-host");
  });
});
