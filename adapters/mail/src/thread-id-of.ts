import type { ParsedMail } from "mailparser";

/**
 * The thread a mail belongs to: the root of its `References` chain, else the message it replies to, else its own
 * Message-ID (a new thread). Ids keep their angle brackets, as `/deliver` returns them.
 */
export function threadIdOf(mail: Pick<ParsedMail, "references" | "inReplyTo" | "messageId">): string | undefined {
  const references = typeof mail.references === "string" ? mail.references.split(/\s+/) : (mail.references ?? []);
  const root = references.find((reference) => reference.trim() !== "");
  return root ?? mail.inReplyTo ?? mail.messageId;
}
