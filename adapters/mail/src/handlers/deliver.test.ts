import { hasBotMarker } from "@adapterkit/sdk";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { mailAdapter, type mailManifest } from "../index.ts";
import { type MailStandIn, startMailStandIn } from "../stand-in.ts";

let adapter: StartedAdapter<typeof mailManifest>;
let smtp: MailStandIn;
let seen = 0;

beforeAll(async () => {
  adapter = await startAdapter(mailAdapter, { allowedHosts: ["127.0.0.1"] });
  smtp = await startMailStandIn();
});
afterAll(async () => {
  await adapter.close();
  await smtp.close();
});
beforeEach(() => {
  seen = smtp.mails().length;
});

/** The one mail the stand-in accepted since the test began, parsed. */
async function deliveredMail() {
  const mails = smtp.mails().slice(seen);
  expect(mails).toHaveLength(1);
  const [mail] = mails as [(typeof mails)[number]];
  return { ...mail, parsed: await simpleParser(mail.raw) };
}

describe("POST /mail/deliver", () => {
  it("sends the text as a plain-text mail from the From address to channel_address", async () => {
    const text = "Your report is ready.\n\nSee the attached summary.";
    const { body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "alice@example.test",
      message: { text },
    });
    const mail = await deliveredMail();
    expect(mail.to).toEqual(["alice@example.test"]);
    expect(mail.user).toBe(smtp.credentials.username);
    expect(mail.parsed.from?.value).toEqual([{ name: "Adapterkit Bot", address: "bot@adapterkit.test" }]);
    expect(mail.parsed.subject).toBe("Your report is ready.");
    // SMTP appends the final line break a message lacks.
    expect(mail.parsed.text).toBe(`${text}\n`);
    expect(mail.parsed.inReplyTo).toBeUndefined();
    expect(body).toEqual({ ok: true, message_id: mail.parsed.messageId, thread_id: mail.parsed.messageId });
  });

  it("stamps the Message-ID with a marker that only these credentials recognise", async () => {
    await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "a@example.test",
      message: { text: "hi" },
    });
    const { parsed } = await deliveredMail();
    expect(parsed.messageId).toMatch(/^<akb1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+@adapterkit\.test>$/);
    expect(hasBotMarker(parsed.messageId, { credentials: smtp.credentials })).toBe(true);
    expect(hasBotMarker(parsed.messageId, { credentials: { ...smtp.credentials, username: "other" } })).toBe(false);
  });

  it("answers a thread with In-Reply-To and References and returns the thread id", async () => {
    const { body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "alice@example.test",
      message: { text: "Following up.", thread_id: "<root-1@example.test>" },
    });
    const { parsed } = await deliveredMail();
    expect(parsed.inReplyTo).toBe("<root-1@example.test>");
    expect(parsed.references).toBe("<root-1@example.test>");
    expect(body).toMatchObject({ ok: true, thread_id: "<root-1@example.test>" });
  });

  it("adds the angle brackets a bare thread id lacks and answers the id as given", async () => {
    const { body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "alice@example.test",
      message: { text: "Following up.", thread_id: "root-2@example.test" },
    });
    expect((await deliveredMail()).parsed.inReplyTo).toBe("<root-2@example.test>");
    expect(body).toMatchObject({ ok: true, thread_id: "root-2@example.test" });
  });

  it("answers ok false, not retryable, when the server refuses the login", async () => {
    const { status, body } = await adapter.client.deliver({
      credentials: { ...smtp.credentials, password: "wrong" },
      channel_address: "alice@example.test",
      message: { text: "hi" },
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      ok: false,
      error: expect.stringMatching(/^SMTP authentication failed \(535\)/),
      retryable: false,
    });
    expect(smtp.mails()).toHaveLength(seen);
  });

  it("answers ok false, retryable, when the server cannot be reached", async () => {
    const closed = await startMailStandIn();
    await closed.close();
    const { body } = await adapter.client.deliver({
      credentials: { ...smtp.credentials, port: String(closed.port) },
      channel_address: "alice@example.test",
      message: { text: "hi" },
    });
    expect(body).toEqual({
      ok: false,
      error: "could not reach the configured server",
      retryable: true,
    });
  });

  it("answers 400 naming channel_address when it is not an e-mail address", async () => {
    const { status, body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "#general",
      message: { text: "hi" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/channel_address" }] });
  });

  it("sends to each address of a comma-separated list, named or bare", async () => {
    const { body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "alice@example.test, Bob Example <bob@example.test>",
      message: { text: "hi both" },
    });
    expect(body).toMatchObject({ ok: true });
    const mail = await deliveredMail();
    expect(mail.to).toEqual(["alice@example.test", "bob@example.test"]);
    expect(mail.parsed.headers.get("bcc")).toBeUndefined();
  });

  it.each([
    ["a line break that would add a Bcc header", "a@example.test\r\nBcc: evil@x.test"],
    ["a bare line feed", "a@example.test\nBcc: evil@x.test"],
    ["group syntax hiding another recipient", "a@example.test Bcc: evil@x.test;"],
    ["an entry without an address", "a@example.test, someone"],
    ["an address without a domain", "a@"],
    ["no address at all", " , "],
  ])("answers 400 naming channel_address for %s, and sends nothing", async (_, address) => {
    const { status, body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: address,
      message: { text: "hi" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/channel_address" }] });
    expect(smtp.mails()).toHaveLength(seen);
  });

  it.each([
    ["a line break that would add a Bcc header", "<x@example.test>\r\nBcc: evil@x.test"],
    ["a space inside", "<x@example.test> <y@example.test>"],
    ["an angle bracket inside", "<x<y@example.test>"],
    ["no @", "thread-1"],
    ["nothing", ""],
  ])("answers 400 naming message/thread_id for %s, and sends nothing", async (_, threadId) => {
    const { status, body } = await adapter.client.deliver({
      credentials: smtp.credentials,
      channel_address: "alice@example.test",
      message: { text: "hi", thread_id: threadId },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/message/thread_id" }] });
    expect(smtp.mails()).toHaveLength(seen);
  });

  it("answers 400 naming the field when the encryption is unknown", async () => {
    const { status, body } = await adapter.client.deliver({
      credentials: { ...smtp.credentials, encryption: "ssl" },
      channel_address: "alice@example.test",
      message: { text: "hi" },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/credentials/encryption" }] });
    expect(JSON.stringify(body)).not.toContain(smtp.credentials.password);
  });
});
