import { AdapterHttpError, stampBotMarker } from "@adapterkit/sdk";
import type { MailCredentials } from "./smtp-settings.ts";

// The inside of a Message-ID: id-left@id-right, with no whitespace, control characters or angle brackets.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
const MESSAGE_ID_INSIDE = /^[^\s\u0000-\u001f\u007f<>@]+@[^\s\u0000-\u001f\u007f<>@]+$/;

/**
 * A fresh Message-ID whose local part is the SDK's bot marker, so this adapter recognises its own mail from the
 * header alone, holding no state: `<akb1.<id>.<tag>@<from domain>>`.
 */
export function createMessageId(credentials: MailCredentials, domain: string): string {
  return `<${stampBotMarker({ credentials })}@${domain}>`;
}

/**
 * A thread id in header form, `<id@host>`: the angle brackets are added when absent. Anything that is not one
 * Message-ID (a line break would add headers, a space or a bracket another id) is 400 naming `/message/thread_id`.
 */
export function toMessageIdHeader(id: string): string {
  const trimmed = id.trim();
  const inside = trimmed.startsWith("<") && trimmed.endsWith(">") ? trimmed.slice(1, -1) : trimmed;
  if (!MESSAGE_ID_INSIDE.test(inside)) {
    const message = "expected a Message-ID such as <id@example.com>, without spaces, line breaks or inner brackets";
    throw new AdapterHttpError("invalid_request", `message.thread_id: ${message}`, {
      issues: [{ path: "/message/thread_id", message }],
    });
  }
  return `<${inside}>`;
}
