import { AdapterHttpError, type DeliverHandler } from "@adapterkit/sdk";
import { createSmtpTransport } from "../create-smtp-transport.ts";
import { describeSmtpError } from "../describe-smtp-error.ts";
import type { manifest } from "../manifest.ts";
import { createMessageId, toMessageIdHeader } from "../message-id.ts";
import { readSmtpSettings } from "../smtp-settings.ts";
import { subjectOf } from "../subject-of.ts";

/**
 * `/deliver`: sends `message.text` as a plain-text mail to `channel_address`; with a `thread_id` the mail answers
 * that thread (`In-Reply-To` and `References`) and the answer names it as given. The Message-ID carries the bot
 * marker.
 */
export const deliver: DeliverHandler<typeof manifest> = async (
  { credentials, channel_address, message },
  { signal },
) => {
  const settings = readSmtpSettings(credentials);
  if (!channel_address.includes("@")) {
    throw new AdapterHttpError("invalid_request", "channel_address: expected an e-mail address", {
      issues: [{ path: "/channel_address", message: "expected an e-mail address such as someone@example.com" }],
    });
  }
  const messageId = createMessageId(credentials, settings.fromDomain);
  const parent = message.thread_id === undefined ? undefined : toMessageIdHeader(message.thread_id);
  const transport = createSmtpTransport(settings, signal);
  try {
    await transport.sendMail({
      from: settings.from,
      to: channel_address,
      subject: subjectOf(message.text),
      text: message.text,
      messageId,
      ...(parent === undefined ? {} : { inReplyTo: parent, references: parent }),
    });
    return { ok: true, message_id: messageId, thread_id: message.thread_id ?? messageId };
  } catch (error) {
    const failure = describeSmtpError(error, settings);
    return { ok: false, error: failure.message, retryable: failure.retryable };
  } finally {
    transport.close();
  }
};
