import type { DeliverHandler } from "@adapterkit/sdk";
import { createSmtpTransport } from "../create-smtp-transport.ts";
import { describeSmtpError } from "../describe-smtp-error.ts";
import type { manifest } from "../manifest.ts";
import { createMessageId, toMessageIdHeader } from "../message-id.ts";
import { recipientsOf } from "../recipients-of.ts";
import { readSmtpSettings } from "../smtp-settings.ts";
import { subjectOf } from "../subject-of.ts";

/**
 * `/deliver`: sends `message.text` as a plain-text mail to the addresses `channel_address` lists; with a
 * `thread_id` (a Message-ID) the mail answers that thread (`In-Reply-To` and `References`) and the answer names it
 * as given. The Message-ID carries the bot marker. Both fields are checked before anything is sent (400).
 */
export const deliver: DeliverHandler<typeof manifest> = async ({ credentials, channel_address, message }, context) => {
  const settings = readSmtpSettings(credentials);
  const to = recipientsOf(channel_address);
  const parent = message.thread_id === undefined ? undefined : toMessageIdHeader(message.thread_id);
  const messageId = createMessageId(credentials, settings.fromDomain);
  const transport = createSmtpTransport(settings, context);
  try {
    await transport.sendMail({
      from: settings.from,
      to,
      subject: subjectOf(message.text),
      text: message.text,
      messageId,
      ...(parent === undefined ? {} : { inReplyTo: parent, references: parent }),
    });
    return { ok: true, message_id: messageId, thread_id: message.thread_id ?? messageId };
  } catch (error) {
    const failure = describeSmtpError(error, settings, context.log);
    return { ok: false, error: failure.message, retryable: failure.retryable };
  } finally {
    transport.close();
  }
};
