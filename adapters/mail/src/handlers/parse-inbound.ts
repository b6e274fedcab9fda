import { AdapterHttpError, fitMessageText, hasBotMarker, type ParseInboundHandler } from "@adapterkit/sdk";
import { type ParsedMail, simpleParser } from "mailparser";
import type { manifest } from "../manifest.ts";
import { readGatewayPayload } from "../read-gateway-payload.ts";
import { threadIdOf } from "../thread-id-of.ts";

/** Gmail labels of messages that are not mail anyone sent to the mailbox. */
const IGNORED_LABELS = ["DRAFT", "SPAM", "TRASH"] as const;

/**
 * mailparser left to decode only: no HTML rendered to text (that is sanitising), no text turned into HTML or links,
 * no `cid:` images inlined. A mail's text is then its text parts, and its HTML its HTML parts, as they were sent.
 */
const PARSE_OPTIONS = {
  skipHtmlToText: true,
  skipTextToHtml: true,
  skipTextLinks: true,
  skipImageLinks: true,
  keepCidLinks: true,
} as const;

/** The event type of every received mail. */
export const EMAIL_RECEIVED = "email.received";

/**
 * `/parse-inbound`: reads the gateway's `{ id?, labelIds, raw }`, parses the RFC 5322 message with mailparser and
 * normalizes it. `is_bot` is true when the gateway labels it SENT without INBOX, or when its Message-ID carries this
 * adapter's marker under these credentials. The plain-text part passes through raw, less SMTP's final line break; a
 * mail without one passes its HTML source through the same way (`metadata.content_type` says which).
 */
export const parseInbound: ParseInboundHandler<typeof manifest> = async (envelope) => {
  const { credentials } = envelope;
  const payload = readGatewayPayload(envelope);
  const labels = new Set(payload.labelIds);
  const ignored = IGNORED_LABELS.find((label) => labels.has(label));
  if (ignored !== undefined) return { ignored: true, reason: `the gateway labels this message ${ignored}` };
  const mail = await simpleParser(payload.raw, PARSE_OPTIONS);
  const sender = mail.from?.value.find((address) => address.address)?.address;
  if (sender === undefined) {
    throw new AdapterHttpError("invalid_request", "/body/raw: the message has no From address", {
      issues: [{ path: "/body/raw", message: "expected an RFC 5322 message with a From address" }],
    });
  }
  const sentByMailbox = labels.has("SENT") && !labels.has("INBOX");
  const dedupKey = mail.messageId ?? (payload.id === undefined ? undefined : `gateway:${payload.id}`);
  const threadId = threadIdOf(mail);
  const content = contentOf(mail);
  // A body past the contract's limit is kept from its start; the metadata says how long it was.
  const fitted = fitMessageText(content.message);
  return {
    event_type: EMAIL_RECEIVED,
    sender,
    message: fitted.text,
    is_bot: sentByMailbox || hasBotMarker(mail.messageId, { credentials }),
    is_dm: true,
    ...(dedupKey === undefined ? {} : { dedup_key: dedupKey }),
    ...(threadId === undefined ? {} : { thread_id: threadId }),
    metadata: {
      ...metadataOf(mail, payload),
      content_type: content.contentType,
      ...(fitted.cutFrom === undefined ? {} : { message_cut_from: fitted.cutFrom }),
    },
  };
};

/**
 * The body a person wrote: the plain-text part, or for a mail without one (or only an empty one) the HTML source
 * exactly as mailparser decodes it (charset and transfer encoding undone, nothing rendered or removed).
 */
function contentOf(mail: ParsedMail): { message: string; contentType: "text/plain" | "text/html" } {
  const text = mail.text ?? "";
  if (text === "" && typeof mail.html === "string") {
    return { message: withoutFraming(mail.html), contentType: "text/html" };
  }
  return { message: withoutFraming(text), contentType: "text/plain" };
}

/**
 * SMTP ends every message with a line break and adds one when the text lacks it, so one final line break is
 * transport framing, not what the sender wrote; everything else passes through as it is.
 */
function withoutFraming(text: string): string {
  return text.endsWith("\n") ? text.slice(0, -1) : text;
}

function metadataOf(
  mail: ParsedMail,
  payload: { id: string | undefined; labelIds: string[] },
): Record<string, unknown> {
  const addresses = (field: ParsedMail["to"]) =>
    (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
      group.value.map((entry) => entry.address ?? ""),
    );
  const metadata: Record<string, unknown> = {
    subject: mail.subject ?? "",
    from_name: mail.from?.value.find((address) => address.address)?.name ?? "",
    to: addresses(mail.to),
    cc: addresses(mail.cc),
    label_ids: payload.labelIds,
    // Images a mail's HTML shows inline (multipart/related, by cid) are part of its body, not attachments (D534).
    attachments: mail.attachments.filter((file) => !file.related).map((file) => file.filename ?? ""),
  };
  if (mail.date !== undefined && !Number.isNaN(mail.date.getTime())) metadata.date = mail.date.toISOString();
  if (payload.id !== undefined) metadata.gateway_id = payload.id;
  return metadata;
}
