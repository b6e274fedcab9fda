import { listenStandIn } from "@adapterkit/sdk/testing";
import { type AddressObject, simpleParser } from "mailparser";
import { createPromptSmtpServer } from "./create-prompt-smtp-server.ts";
import type { DeliveryLog } from "./delivery-log.ts";

/** The SMTP side of the stand-in: accepts mail (after AUTH when users are given) and captures the raw MIME. */
export interface SmtpSink {
  readonly host: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts an SMTP sink on 127.0.0.1, port 0. With `users`, AUTH PLAIN/LOGIN is required and checked against them
 * (535 otherwise); without, mail is accepted unauthenticated. No TLS: it is a loopback stand-in. It greets at once and
 * looks no client name up in DNS, so a mail adapter's latency is its own (D170).
 */
export async function startSmtpSink(
  log: DeliveryLog,
  users: Readonly<Record<string, string>> | undefined,
): Promise<SmtpSink> {
  const server = createPromptSmtpServer({
    secure: false,
    disableReverseLookup: true,
    disabledCommands: ["STARTTLS"],
    authMethods: ["PLAIN", "LOGIN"],
    authOptional: users === undefined,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (users !== undefined && auth.username !== undefined && users[auth.username] === auth.password) {
        return callback(null, { user: auth.username });
      }
      const error = Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        capture(log, raw, session.envelope).then(() => callback(), callback);
      });
    },
  });
  // smtp-server re-emits its socket's errors on itself; a taken port of the range is tried past, not thrown.
  const ignore = () => {};
  server.on("error", ignore);
  const port = await listenStandIn(server.server).finally(() => server.off("error", ignore));
  return { host: "127.0.0.1", port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

interface Envelope {
  readonly mailFrom: false | { readonly address: string };
  readonly rcptTo: readonly { readonly address: string }[];
}

async function capture(log: DeliveryLog, raw: Buffer, envelope: Envelope): Promise<void> {
  // textAsHtml (and the links it finds) is never captured: skipping it spares linkifying every large text (D170).
  const mail = await simpleParser(raw, { skipTextToHtml: true, skipTextLinks: true, skipImageLinks: true });
  const headers: Record<string, string> = {};
  for (const line of mail.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(":") + 1).trim();
  const from = envelope.mailFrom === false ? "" : envelope.mailFrom.address;
  const to = envelope.rcptTo.map((rcpt) => rcpt.address);
  log.add({
    protocol: "smtp",
    headers,
    body: raw.toString("utf8"),
    // What echo templates of mail adapters read: `{{delivery.json.subject}}`, `{{delivery.json.raw_base64url}}`…
    json: {
      from: addresses(mail.from),
      to: addresses(mail.to),
      subject: mail.subject ?? "",
      text: mail.text ?? "",
      html: typeof mail.html === "string" ? mail.html : "",
      message_id: mail.messageId ?? "",
      in_reply_to: mail.inReplyTo ?? "",
      references: Array.isArray(mail.references) ? mail.references.join(" ") : (mail.references ?? ""),
      raw_base64url: raw.toString("base64url"),
      raw_base64: raw.toString("base64"),
    },
    smtp: { from, to },
    receivedAt: Date.now(),
  });
}

function addresses(value: AddressObject | AddressObject[] | undefined): string {
  if (value === undefined) return "";
  return (Array.isArray(value) ? value : [value]).map((object) => object.text).join(", ");
}
