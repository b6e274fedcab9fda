import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gatewayRequest, personMail } from "../test/support.ts";
import { mailAdapter, type mailManifest } from "./index.ts";
import { type MailStandIn, startMailStandIn } from "./stand-in.ts";

let adapter: StartedAdapter<typeof mailManifest>;
let smtp: MailStandIn;
beforeAll(async () => {
  adapter = await startAdapter(mailAdapter, { allowedHosts: ["127.0.0.1"] });
  smtp = await startMailStandIn();
});
afterAll(async () => {
  await adapter.close();
  await smtp.close();
});

/** Delivers a text through the real SMTP stand-in and returns the MIME it captured. */
async function deliverAndCapture(text: string): Promise<string> {
  const before = smtp.mails().length;
  const { body } = await adapter.client.deliver({
    credentials: smtp.credentials,
    channel_address: "team@example.test",
    message: { text },
  });
  expect(body).toMatchObject({ ok: true });
  const captured = smtp.mails().slice(before);
  expect(captured).toHaveLength(1);
  return (captured[0] as { raw: string }).raw;
}

describe("mail feedback loop", () => {
  it("parses its own delivery, echoed by the gateway as SENT, as the bot's", async () => {
    const text = "Weekly digest 7f3a";
    const raw = await deliverAndCapture(text);
    const { body } = await adapter.client.parseInbound(gatewayRequest(smtp.credentials, { raw, labelIds: ["SENT"] }));
    expect(body).toMatchObject({ is_bot: true, message: text, sender: "bot@adapterkit.test" });
  });

  it("parses the same text from a person's inbox as not the bot's", async () => {
    const text = "Weekly digest 7f3a";
    const raw = personMail({ text, messageId: "<person-1@example.test>" });
    const { body } = await adapter.client.parseInbound(gatewayRequest(smtp.credentials, { raw, labelIds: ["INBOX"] }));
    expect(body).toMatchObject({ is_bot: false, message: text, sender: "alice@example.test" });
  });

  it("recognises its own delivery arriving in an inbox by the Message-ID marker", async () => {
    const raw = await deliverAndCapture("Sent to a mailbox the gateway watches");
    const { body } = await adapter.client.parseInbound(gatewayRequest(smtp.credentials, { raw, labelIds: ["INBOX"] }));
    expect(body).toMatchObject({ is_bot: true });
  });

  it("does not recognise that delivery under other credentials", async () => {
    const raw = await deliverAndCapture("Sent by another installation");
    const other = { ...smtp.credentials, username: "someone-else@adapterkit.test" };
    const { body } = await adapter.client.parseInbound(gatewayRequest(other, { raw, labelIds: ["INBOX"] }));
    expect(body).toMatchObject({ is_bot: false });
  });

  it("threads a reply to a delivered mail under the delivery's thread id", async () => {
    const first = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "team@example.test",
      message: { text: "Kick-off" },
    });
    expect(first.body).toMatchObject({ ok: true });
    const threadId = (first.body as { thread_id: string }).thread_id;
    const reply = personMail({
      text: "Sounds good",
      messageId: "<reply-1@example.test>",
      inReplyTo: threadId,
      references: threadId,
    });
    const { body } = await adapter.client.parseInbound(
      gatewayRequest(smtp.credentials, { raw: reply, labelIds: ["INBOX"] }),
    );
    expect(body).toMatchObject({ is_bot: false, thread_id: threadId });
  });
});
