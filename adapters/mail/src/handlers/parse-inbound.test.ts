import { MESSAGE_LIMITS } from "@adapterkit/sdk";
import { type StartedAdapter, startAdapter } from "@adapterkit/sdk/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GATEWAY_TEST_CREDENTIALS, gatewayRequest, inboundRequest, personMail } from "../../test/support.ts";
import { mailAdapter, type mailManifest } from "../index.ts";

const credentials = GATEWAY_TEST_CREDENTIALS;

let adapter: StartedAdapter<typeof mailManifest>;
beforeAll(async () => {
  adapter = await startAdapter(mailAdapter);
});
afterAll(() => adapter.close());

/** A mail from Alice whose body is `lines` after the given Content-Type (and any other part headers). */
function mimeMail(partHeaders: readonly string[], lines: readonly string[]): string {
  const headers = ["From: Alice <alice@example.test>", "To: bot@adapterkit.test", "Subject: t", "MIME-Version: 1.0"];
  return [...headers, ...partHeaders, "", ...lines].join("\r\n");
}

async function parse(raw: string, labelIds: readonly string[] = ["INBOX"], id?: string) {
  const { status, body } = await adapter.client.parseInbound(
    gatewayRequest(credentials, { raw, labelIds, ...(id ? { id } : {}) }),
  );
  expect(status).toBe(200);
  return body;
}

describe("POST /mail/parse-inbound", () => {
  it("normalizes a person's mail: sender, text, Message-ID as dedup key and thread", async () => {
    const raw = personMail({ text: "Can you send the report?", messageId: "<q-1@example.test>", subject: "Report" });
    expect(await parse(raw, ["INBOX", "UNREAD"], "18c0ffee")).toEqual({
      event_type: "email.received",
      sender: "alice@example.test",
      message: "Can you send the report?",
      is_bot: false,
      is_dm: true,
      dedup_key: "<q-1@example.test>",
      thread_id: "<q-1@example.test>",
      metadata: {
        subject: "Report",
        from_name: "Alice Example",
        to: ["bot@adapterkit.test"],
        cc: [],
        label_ids: ["INBOX", "UNREAD"],
        attachments: [],
        date: "2026-11-16T09:30:00.000Z",
        gateway_id: "18c0ffee",
        content_type: "text/plain",
      },
    });
  });

  it("takes the thread from the root of References", async () => {
    const raw = personMail({
      text: "Thanks",
      messageId: "<r-3@example.test>",
      inReplyTo: "<r-2@example.test>",
      references: "<root@example.test> <r-2@example.test>",
    });
    expect(await parse(raw)).toMatchObject({ thread_id: "<root@example.test>", dedup_key: "<r-3@example.test>" });
  });

  it("takes the thread from In-Reply-To when References is absent", async () => {
    const raw = personMail({ text: "Thanks", messageId: "<r-4@example.test>", inReplyTo: "<root-4@example.test>" });
    expect(await parse(raw)).toMatchObject({ thread_id: "<root-4@example.test>" });
  });

  it("passes HTML, Markdown, emoji, right-to-left and zero-width characters through byte for byte", async () => {
    const content =
      '<b onclick="x()">bold</b> **md** _em_ 👩🏽‍💻 مرحبا שלום a\u200bb\u200cc\u200dd\u2060e\ufeff\u202eend\nsecond line  ';
    const raw = personMail({ text: content, messageId: "<c-1@example.test>" });
    expect(await parse(raw)).toMatchObject({ message: content });
  });

  it("passes an HTML-only mail's source through byte for byte, as text/html", async () => {
    const html = "<p>Hello <b>there</b> &amp; <script>x()</script></p>";
    const raw = mimeMail(["Content-Type: text/html; charset=utf-8"], [html]);
    expect(await parse(raw)).toMatchObject({ message: html, metadata: { content_type: "text/html" } });
  });

  it("decodes an HTML-only mail's charset and transfer encoding and changes nothing else", async () => {
    const raw = mimeMail(
      ["Content-Type: text/html; charset=iso-8859-1", "Content-Transfer-Encoding: quoted-printable"],
      ['<p style=3D"x">Caf=E9 &lt;b&gt; <img src=3D"cid:logo@x"> <a href=3D"http://e.test/?a=3D1&amp;b">l</a></p>'],
    );
    expect(await parse(raw)).toMatchObject({
      message: '<p style="x">Café &lt;b&gt; <img src="cid:logo@x"> <a href="http://e.test/?a=1&amp;b">l</a></p>',
      metadata: { content_type: "text/html" },
    });
  });

  it("takes the HTML part of an alternative that has no text part", async () => {
    const raw = mimeMail(
      ['Content-Type: multipart/alternative; boundary="b"'],
      ["--b", "Content-Type: text/html; charset=utf-8", "", "<i>only html</i>", "--b--"],
    );
    expect(await parse(raw)).toMatchObject({ message: "<i>only html</i>", metadata: { content_type: "text/html" } });
  });

  it("takes the text part, not the HTML, when a mail has both", async () => {
    for (const multipart of ["alternative", "mixed"]) {
      const raw = mimeMail(
        [`Content-Type: multipart/${multipart}; boundary="b"`],
        [
          "--b",
          "Content-Type: text/plain",
          "",
          "plain **md**",
          "--b",
          "Content-Type: text/html",
          "",
          "<b>h</b>",
          "--b--",
        ],
      );
      expect(await parse(raw)).toMatchObject({ message: "plain **md**", metadata: { content_type: "text/plain" } });
    }
  });

  it("parses a 700 KB mail, its text cut to the contract's limit, but answers 413 for an 800 KB one: the SDK's 1 MiB limit on the base64 envelope", async () => {
    const fits = personMail({ text: "a".repeat(700_000) });
    expect(await parse(fits)).toMatchObject({
      message: "a".repeat(MESSAGE_LIMITS.message),
      metadata: { message_cut_from: 700_000 },
    });
    const tooLarge = personMail({ text: "a".repeat(800_000) });
    const { status, body } = await adapter.client.parseInbound(
      gatewayRequest(credentials, { raw: tooLarge, labelIds: ["INBOX"] }),
    );
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: "payload_too_large" });
  });

  it("flags a message the mailbox sent (SENT without INBOX) as the bot's", async () => {
    const raw = personMail({ text: "hello", messageId: "<s-1@example.test>" });
    expect(await parse(raw, ["SENT"])).toMatchObject({ is_bot: true });
  });

  it("does not flag a message labelled both SENT and INBOX", async () => {
    const raw = personMail({ text: "note to self", messageId: "<s-2@example.test>" });
    expect(await parse(raw, ["SENT", "INBOX"])).toMatchObject({ is_bot: false });
  });

  it("does not flag a Message-ID that only looks like the marker", async () => {
    const raw = personMail({ text: "hello", messageId: "<akb1.abcdef.AAAAAAAAAAAAAAAAAAAAAA@adapterkit.test>" });
    expect(await parse(raw)).toMatchObject({ is_bot: false });
  });

  it("ignores drafts", async () => {
    const raw = personMail({ text: "unsent", messageId: "<d-1@example.test>" });
    expect(await parse(raw, ["DRAFT"])).toEqual({ ignored: true, reason: "the gateway labels this message DRAFT" });
  });

  it("uses the gateway id as dedup key when the mail has no Message-ID", async () => {
    expect(await parse(personMail({ text: "hi" }), ["INBOX"], "77aa")).toMatchObject({ dedup_key: "gateway:77aa" });
  });

  it("answers 400 naming raw when it is not base64url", async () => {
    const request = inboundRequest(credentials, JSON.stringify({ labelIds: ["INBOX"], raw: "not base64!" }));
    const { status, body } = await adapter.client.parseInbound(request);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/body/raw" }] });
  });

  it("answers 400 naming labelIds when they are missing", async () => {
    const request = inboundRequest(credentials, JSON.stringify({ raw: "SGk" }));
    const { status, body } = await adapter.client.parseInbound(request);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/body/labelIds" }] });
  });

  it("answers 400 when the body is not JSON", async () => {
    const { status, body } = await adapter.client.parseInbound(inboundRequest(credentials, "From: x"));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: "invalid_request", issues: [{ path: "/body" }] });
  });

  it("answers 400 when the message has no From address", async () => {
    const raw = personMail({ text: "hi" }).replace(/^From: .*\r\n/, "");
    const { status, body } = await adapter.client.parseInbound(
      gatewayRequest(credentials, { raw, labelIds: ["INBOX"] }),
    );
    expect(status).toBe(400);
    expect(body).toMatchObject({ issues: [{ path: "/body/raw" }] });
  });
  it.each([
    ["=?ISO-8859-1?Q?Andr=E9_B=F6hm?= <andre@example.test>", "André Böhm"],
    ['"Souza, Ana" <ana@example.test>', "Souza, Ana"],
    ["plain@example.test", ""],
  ])("reads the sender's name from %s", async (from, name) => {
    const body = await parse(personMail({ text: "hi", from }));
    expect(body).toMatchObject({ metadata: expect.objectContaining({ from_name: name }) });
  });

  it("names attached files, and not an image the HTML shows inline by cid", async () => {
    const raw = mimeMail(
      ['Content-Type: multipart/mixed; boundary="m"'],
      [
        "--m",
        'Content-Type: multipart/related; boundary="r"',
        "",
        "--r",
        "Content-Type: text/html; charset=utf-8",
        "",
        '<img src="cid:logo@x">',
        "--r",
        "Content-Type: image/png",
        "Content-ID: <logo@x>",
        "Content-Disposition: inline; filename=logo.png",
        "Content-Transfer-Encoding: base64",
        "",
        "iVBORw0KGgo=",
        "--r--",
        "--m",
        "Content-Type: application/pdf",
        "Content-Disposition: attachment; filename*=utf-8''Relat%C3%B3rio.pdf",
        "Content-Transfer-Encoding: base64",
        "",
        "JVBERi0xLjQ=",
        "--m--",
      ],
    );
    const body = await parse(raw);
    expect(body).toMatchObject({ metadata: expect.objectContaining({ attachments: ["Relatório.pdf"] }) });
  });
});
