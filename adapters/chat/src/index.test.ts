import { signSlackV0 } from "@adapterkit/sdk";
import { buildEnvelope, type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatAdapter, startChatStandIn } from "./index.ts";
import type { chatManifest } from "./manifest.ts";
import type { ChatStandIn, PostedMessage } from "./stand-in.ts";

let slack: ChatStandIn;
let adapter: StartedAdapter<typeof chatManifest>;
beforeAll(async () => {
  slack = await startChatStandIn();
  adapter = await startAdapter(chatAdapter, { allowedHosts: [new URL(slack.url).host] });
});
afterAll(async () => {
  await adapter.close();
  await slack.close();
});

/** The Events API payload Slack sends for a message in a channel the app is in. */
function messageEvent(posted: PostedMessage, from: { user: string; bot_id?: string }) {
  return JSON.stringify({
    type: "event_callback",
    team_id: "T0ADAPTERKIT",
    event_id: `Ev${posted.ts.replace(".", "")}${from.bot_id ? "B" : "P"}`,
    event: {
      type: "message",
      channel: posted.channel,
      channel_type: "channel",
      text: posted.text,
      ts: posted.ts,
      ...from,
    },
  });
}

async function receive(body: string) {
  const headers = signSlackV0({ secret: slack.credentials.signing_secret, body });
  const envelope = { ...buildEnvelope({ headers, body }), credentials: slack.credentials };
  const verified = await adapter.client.verifyWebhook(envelope);
  const parsed = await adapter.client.parseInbound({ ...envelope, mode: "trigger" });
  return { verified: verified.body, parsed: parsed.body };
}

describe("chatAdapter against its stand-in", () => {
  it("serves a manifest whose slug is chat", async () => {
    const { body } = await adapter.client.manifest();
    expect(body).toMatchObject({ slug: "chat", capabilities: ["send", "receive"] });
  });

  it("verifies the stand-in's demo credentials and refuses a wrong token with invalid_auth", async () => {
    expect((await adapter.client.verify({ credentials: slack.credentials })).body).toEqual({
      ok: true,
      user: "adapterkit-bot (adapterkit demo)",
    });
    const refused = await adapter.client.verify({ credentials: { ...slack.credentials, token: "xoxb-wrong" } });
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ ok: false, error: "invalid_auth" });
  });

  it("closes the feedback loop: its own delivered message parses is_bot true, the same text from a person false", async () => {
    const text = `loop check ${Date.now()}`;
    const delivered = await adapter.client.deliver({
      credentials: slack.credentials,
      channel_address: "C0LOOP",
      message: { text },
    });
    expect(delivered.body).toMatchObject({ ok: true });
    const posted = slack.messages().find((message) => message.text === text);
    if (posted === undefined) throw new Error("the stand-in did not receive the delivery");

    const own = await receive(messageEvent(posted, { user: "U0ADAPTERKIT", bot_id: "B0ADAPTERKIT" }));
    expect(own.verified).toEqual({ ok: true });
    expect(own.parsed).toMatchObject({ is_bot: true, message: text });

    const person = await receive(messageEvent(posted, { user: "U0PERSON" }));
    expect(person.verified).toEqual({ ok: true });
    expect(person.parsed).toMatchObject({ is_bot: false, message: text, sender: "U0PERSON" });
  });

  it("recognises its own bot user even when the echo carries no bot_id", async () => {
    const posted: PostedMessage = { channel: "C0LOOP", text: "no bot id", ts: "1700000000.000009" };
    const { parsed } = await receive(messageEvent(posted, { user: "U0ADAPTERKIT" }));
    expect(parsed).toMatchObject({ is_bot: true });
  });
});
