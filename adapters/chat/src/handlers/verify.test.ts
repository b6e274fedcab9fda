import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { CREDENTIALS, slackAnswer, useChatAdapterWithSlackMock } from "../../test/slack-mock.ts";

const slack = useChatAdapterWithSlackMock();
const AUTH_OK = {
  ok: true,
  url: "https://acme.slack.com/",
  team: "Acme",
  user: "helper-bot",
  user_id: "U1",
  bot_id: "B1",
};

describe("POST /verify", () => {
  it("answers the bot user and workspace from auth.test, called with the bot token", async () => {
    const calls = slack.mockMethod("auth.test", () => slackAnswer(AUTH_OK));
    const { status, body } = await slack.adapter().client.verify({ credentials: CREDENTIALS });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, user: "helper-bot (Acme)" });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBe("Bearer xoxb-test-good");
  });

  it("calls the API base URL the credentials name instead of Slack's", async () => {
    const calls = slack.mockMethod("auth.test", () => slackAnswer(AUTH_OK), "https://chat.example.test/api");
    const credentials = { ...CREDENTIALS, api_base_url: "https://chat.example.test/api/" };
    const { body } = await slack.adapter().client.verify({ credentials });
    expect(body).toEqual({ ok: true, user: "helper-bot (Acme)" });
    expect(calls).toHaveLength(1);
  });

  it("answers invalid_auth, not a 5xx, when Slack refuses the token", async () => {
    slack.mockMethod("auth.test", () => slackAnswer({ ok: false, error: "invalid_auth" }));
    const { status, body } = await slack
      .adapter()
      .client.verify({ credentials: { ...CREDENTIALS, token: "xoxb-revoked" } });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error: "invalid_auth" });
  });

  it("answers ok: false in the one unreachable sentence when the Web API cannot be reached", async () => {
    slack.mockMethod("auth.test", () => HttpResponse.error());
    const { status, body } = await slack.adapter().client.verify({ credentials: CREDENTIALS });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: false, error: "network_error: could not reach the configured server" });
  });

  it("answers ok: false for an API base URL that is not an http(s) URL", async () => {
    const credentials = { ...CREDENTIALS, api_base_url: "ftp://chat.example.test" };
    const { body } = await slack.adapter().client.verify({ credentials });
    expect(body).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid_api_base_url/) });
  });

  it("answers 400 naming the token when the credentials lack it", async () => {
    const { status, body } = await slack.adapter().client.verify({ credentials: { signing_secret: "s" } as never });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: "invalid_request",
      issues: [expect.objectContaining({ path: "/credentials/token" })],
    });
  });
});
