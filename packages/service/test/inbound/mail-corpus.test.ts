import nodemailer from "nodemailer";
import MailComposer from "nodemailer/lib/mail-composer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, waitForRun } from "../helpers/test-service.ts";

type ComposeOptions = NonNullable<ConstructorParameters<typeof MailComposer>[0]>;

/** What the mail adapter must read out of one mail of the corpus. */
interface Expected {
  sender: string;
  from_name: string;
  subject: string;
  message: string;
  content_type: "text/plain" | "text/html";
  thread_id: string;
  attachments?: string[];
}

/** Shift_JIS bytes of a text, from the table Node's own decoder holds (Node has no Shift_JIS encoder). */
function toShiftJis(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder("shift_jis");
  for (const lead of [...range(0x81, 0x9f), ...range(0xe0, 0xfc)]) {
    for (const trail of range(0x40, 0xfc)) {
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && char !== "\ufffd" && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return Buffer.from(
    [...text].flatMap((char) => {
      if (char.charCodeAt(0) < 0x80) return [char.charCodeAt(0)];
      const bytes = table.get(char);
      if (bytes === undefined) throw new Error(`no Shift_JIS code for ${char}`);
      return bytes;
    }),
  );
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const LATIN1_TEXT = "Olá, a fatura de março está pronta.\nAté já,\nZoë";
const JAPANESE_TEXT = "こんにちは。\n請求書を送ってください。\n山田";
const JAPANESE_SUBJECT = "見積もりのお願い";

const to = "bot@adapterkit.test";
const date = new Date("2026-11-24T09:00:00Z");

/** The corpus: one mail of each kind people send, as a mail program composes it, and what it must read as. */
const CORPUS: ReadonlyArray<{ name: string; mail: ComposeOptions; expected: Expected }> = [
  {
    name: "a plain-text mail",
    mail: {
      from: "Ana Souza <ana@example.com>",
      subject: "Invoice for March",
      text: "Please send the invoice.\n\nThanks,\nAna",
      messageId: "<plain-1@example.com>",
    },
    expected: {
      sender: "ana@example.com",
      from_name: "Ana Souza",
      subject: "Invoice for March",
      message: "Please send the invoice.\n\nThanks,\nAna",
      content_type: "text/plain",
      thread_id: "<plain-1@example.com>",
    },
  },
  {
    name: "an HTML-only mail",
    mail: {
      from: "Bob <bob@example.com>",
      subject: "Weekly news",
      html: '<p>Hello <b>team</b>,</p>\n<p>see <a href="https://example.com/n?a=1&amp;b=2">the notes</a></p>',
      messageId: "<html-1@example.com>",
    },
    expected: {
      sender: "bob@example.com",
      from_name: "Bob",
      subject: "Weekly news",
      message: '<p>Hello <b>team</b>,</p>\n<p>see <a href="https://example.com/n?a=1&amp;b=2">the notes</a></p>',
      content_type: "text/html",
      thread_id: "<html-1@example.com>",
    },
  },
  {
    name: "a multipart/alternative mail",
    mail: {
      from: "carol@example.com",
      subject: "Both kinds",
      text: "The plain part, with a long line that a mail program folds when it encodes it as quoted-printable for the wire.",
      html: "<p>The <i>HTML</i> part</p>",
      messageId: "<alt-1@example.com>",
    },
    expected: {
      sender: "carol@example.com",
      from_name: "",
      subject: "Both kinds",
      message:
        "The plain part, with a long line that a mail program folds when it encodes it as quoted-printable for the wire.",
      content_type: "text/plain",
      thread_id: "<alt-1@example.com>",
    },
  },
  {
    name: "a mail with attachments",
    mail: {
      from: "Dan <dan@example.com>",
      subject: "The report",
      text: "Report and notes attached.",
      attachments: [
        { filename: "report.pdf", content: Buffer.from("%PDF-1.4 not really"), contentType: "application/pdf" },
        { filename: "notes.txt", content: "line one\nline two" },
      ],
      messageId: "<att-1@example.com>",
    },
    expected: {
      sender: "dan@example.com",
      from_name: "Dan",
      subject: "The report",
      message: "Report and notes attached.",
      content_type: "text/plain",
      thread_id: "<att-1@example.com>",
      attachments: ["report.pdf", "notes.txt"],
    },
  },
  {
    name: "a mail with an inline image",
    mail: {
      from: "Eve <eve@example.com>",
      subject: "Our logo",
      text: "Our logo is below.",
      html: '<p>Our logo is below.</p><img src="cid:logo@example.com" alt="logo">',
      attachments: [{ filename: "logo.png", content: PNG, cid: "logo@example.com" }],
      messageId: "<inline-1@example.com>",
    },
    expected: {
      sender: "eve@example.com",
      from_name: "Eve",
      subject: "Our logo",
      message: "Our logo is below.",
      content_type: "text/plain",
      thread_id: "<inline-1@example.com>",
      attachments: [],
    },
  },
  {
    name: "an ISO-8859-1 body sent 8bit",
    mail: {
      from: "Zoë <zoe@example.com>",
      subject: "Fatura",
      alternatives: [
        {
          contentType: "text/plain; charset=ISO-8859-1",
          content: Buffer.from(LATIN1_TEXT, "latin1"),
          contentTransferEncoding: "8bit",
        },
      ],
      messageId: "<latin1-8bit@example.com>",
    },
    expected: {
      sender: "zoe@example.com",
      from_name: "Zoë",
      subject: "Fatura",
      message: LATIN1_TEXT,
      content_type: "text/plain",
      thread_id: "<latin1-8bit@example.com>",
    },
  },
  {
    name: "an ISO-8859-1 body in quoted-printable",
    mail: {
      from: "zoe@example.com",
      subject: "Fatura (QP)",
      alternatives: [
        {
          contentType: "text/plain; charset=ISO-8859-1",
          content: Buffer.from(LATIN1_TEXT, "latin1"),
          contentTransferEncoding: "quoted-printable",
        },
      ],
      messageId: "<latin1-qp@example.com>",
    },
    expected: {
      sender: "zoe@example.com",
      from_name: "",
      subject: "Fatura (QP)",
      message: LATIN1_TEXT,
      content_type: "text/plain",
      thread_id: "<latin1-qp@example.com>",
    },
  },
  {
    name: "a Shift_JIS body with a Shift_JIS encoded-word subject and name",
    mail: {
      from: {
        name: `=?Shift_JIS?B?${toShiftJis("山田太郎").toString("base64")}?=`,
        address: "yamada@example.jp",
      },
      headers: {
        subject: { prepared: true, value: `=?Shift_JIS?B?${toShiftJis(JAPANESE_SUBJECT).toString("base64")}?=` },
      },
      alternatives: [
        {
          contentType: "text/plain; charset=Shift_JIS",
          content: toShiftJis(JAPANESE_TEXT),
          contentTransferEncoding: "base64",
        },
      ],
      messageId: "<sjis-1@example.jp>",
    },
    expected: {
      sender: "yamada@example.jp",
      from_name: "山田太郎",
      subject: JAPANESE_SUBJECT,
      message: JAPANESE_TEXT,
      content_type: "text/plain",
      thread_id: "<sjis-1@example.jp>",
    },
  },
  {
    name: "UTF-8 encoded-word subject and name, as the composer writes them",
    mail: {
      from: { name: "François Müller-Łukasiewicz", address: "francois@example.com" },
      subject: "Réunion : ordre du jour 会議 🗓️ — a subject long enough to be folded over several encoded words",
      text: "Voilà l’ordre du jour. 🙂",
      messageId: "<utf8-words@example.com>",
    },
    expected: {
      sender: "francois@example.com",
      from_name: "François Müller-Łukasiewicz",
      subject: "Réunion : ordre du jour 会議 🗓️ — a subject long enough to be folded over several encoded words",
      message: "Voilà l’ordre du jour. 🙂",
      content_type: "text/plain",
      thread_id: "<utf8-words@example.com>",
    },
  },
  {
    name: "ISO-8859-1 encoded-word subject and name, as older mail programs write them",
    mail: {
      from: { name: "=?ISO-8859-1?Q?Andr=E9_B=F6hm?=", address: "andre@example.com" },
      headers: { subject: { prepared: true, value: "=?ISO-8859-1?Q?Caf=E9_cr=E8me?= =?ISO-8859-1?Q?_=E0_3h?=" } },
      text: "See subject.",
      messageId: "<latin1-words@example.com>",
    },
    expected: {
      sender: "andre@example.com",
      from_name: "André Böhm",
      subject: "Café crème à 3h",
      message: "See subject.",
      content_type: "text/plain",
      thread_id: "<latin1-words@example.com>",
    },
  },
  {
    name: "a quoted name with a comma and a format=flowed body, as Apple Mail sends it",
    mail: {
      from: '"Souza, Ana" <ana.souza@example.com>',
      subject: "Flowed",
      alternatives: [
        {
          contentType: "text/plain; charset=utf-8; format=flowed",
          content: "This paragraph was wrapped by the mail \nprogram at a soft break.\n\nA new paragraph.",
          contentTransferEncoding: "7bit",
        },
      ],
      messageId: "<flowed-1@example.com>",
    },
    expected: {
      sender: "ana.souza@example.com",
      from_name: "Souza, Ana",
      subject: "Flowed",
      message: "This paragraph was wrapped by the mail program at a soft break.\n\nA new paragraph.",
      content_type: "text/plain",
      thread_id: "<flowed-1@example.com>",
    },
  },
  {
    name: "an attachment with a non-ASCII file name",
    mail: {
      from: "Dan <dan@example.com>",
      subject: "Relatório",
      text: "Segue o relatório.",
      attachments: [{ filename: "Relatório de março – final.pdf", content: Buffer.from("%PDF-1.4") }],
      messageId: "<att-2@example.com>",
    },
    expected: {
      sender: "dan@example.com",
      from_name: "Dan",
      subject: "Relatório",
      message: "Segue o relatório.",
      content_type: "text/plain",
      thread_id: "<att-2@example.com>",
      attachments: ["Relatório de março – final.pdf"],
    },
  },
];

/** A question and two replies: each carries In-Reply-To and References, as mail programs write them. */
const THREAD: ReadonlyArray<{ mail: ComposeOptions; sender: string; subject: string }> = [
  {
    mail: { from: "Ana <ana@example.com>", subject: "Question", text: "Is it done?", messageId: "<q@example.com>" },
    sender: "ana@example.com",
    subject: "Question",
  },
  {
    mail: {
      from: "Bob <bob@example.com>",
      subject: "Re: Question",
      text: "Almost.\n\n> Is it done?",
      messageId: "<r1@example.com>",
      inReplyTo: "<q@example.com>",
      references: ["<q@example.com>"],
    },
    sender: "bob@example.com",
    subject: "Re: Question",
  },
  {
    mail: {
      from: "Ana <ana@example.com>",
      subject: "Re: Re: Question",
      text: "Thanks!",
      messageId: "<r2@example.com>",
      inReplyTo: "<r1@example.com>",
      references: ["<q@example.com>", "<r1@example.com>"],
    },
    sender: "ana@example.com",
    subject: "Re: Re: Question",
  },
];

function compose(mail: ComposeOptions): Promise<Buffer> {
  return new MailComposer({ to, date, ...mail }).compile().build();
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`mail people send, through SMTP and the gateway to the inbound URL ${lane.title}`, () => {
    let world: InboundWorld;
    let url: string;
    let smtp: ReturnType<typeof nodemailer.createTransport>;

    beforeAll(async () => {
      world = await startInboundWorld(lane);
      url = `${world.test.url}${inboundPath(world.installations.mail)}`;
      const workflow = await createWorkflow(world.test, world.tenant.token, {
        stages: [{ name: "read", action: "echo" }],
      });
      await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.mail.id,
        event_type: "email.received",
        target_stage: "read",
      });
      const { host, port, username, password } = world.mail.credentials;
      smtp = nodemailer.createTransport({
        host,
        port: Number(port),
        secure: false,
        ignoreTLS: true,
        auth: { user: username, pass: password },
      });
    });
    afterAll(async () => {
      smtp?.close();
      await world?.close();
    });

    /** Sends a composed mail through the SMTP stand-in, then has the gateway post what it received to the inbound URL. */
    async function receive(mail: ComposeOptions, from: string): Promise<Record<string, unknown>> {
      const raw = await compose(mail);
      await smtp.sendMail({ envelope: { from, to: [to] }, raw });
      const captured = world.mail.mails().at(-1);
      // SMTP carries lines as CRLF whatever the composer wrote; every other byte arrives as it was sent.
      expect(captured?.bytes.toString("latin1")).toBe(raw.toString("latin1").replace(/\r?\n/g, "\r\n"));
      const posted = await world.mail.gateway.post(url, { raw: captured?.bytes ?? "", labelIds: ["INBOX", "UNREAD"] });
      expect(posted.status).toBe(200);
      const answer = JSON.parse(posted.body) as { outcome: string; workflow_run_ids: number[] };
      expect(answer.outcome).toBe("accepted");
      const run = await waitForRun(world.test, world.tenant.token, answer.workflow_run_ids[0] ?? 0);
      return run.input as Record<string, unknown>;
    }

    it.each(CORPUS)("reads $name: sender, name, subject and text exactly", async ({ mail, expected }) => {
      const input = await receive(mail, expected.sender);
      expect(input).toMatchObject({
        event_type: "email.received",
        sender: expected.sender,
        message: expected.message,
        is_bot: false,
        thread_id: expected.thread_id,
        dedup_key: expected.thread_id,
      });
      const metadata = input.metadata as Record<string, unknown>;
      expect(metadata).toMatchObject({
        subject: expected.subject,
        from_name: expected.from_name,
        content_type: expected.content_type,
      });
      expect(metadata.attachments).toEqual(expected.attachments ?? []);
    });

    it("puts a question and the replies to it (In-Reply-To, References) in one thread", async () => {
      const inputs = [];
      for (const { mail, sender } of THREAD) inputs.push(await receive(mail, sender));
      expect(inputs.map((input) => input.sender)).toEqual(THREAD.map((entry) => entry.sender));
      expect(inputs.map((input) => (input.metadata as { subject: string }).subject)).toEqual(
        THREAD.map((entry) => entry.subject),
      );
      expect(inputs.map((input) => input.thread_id)).toEqual(["<q@example.com>", "<q@example.com>", "<q@example.com>"]);
      expect(new Set(inputs.map((input) => input.dedup_key)).size).toBe(3);
    });
  });
}
