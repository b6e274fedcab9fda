import { stampBotMarker } from "@adapterkit/sdk";
import type { MailCredentials } from "./smtp-settings.ts";

/**
 * A fresh Message-ID whose local part is the SDK's bot marker, so this adapter recognises its own mail from the
 * header alone, holding no state: `<akb1.<id>.<tag>@<from domain>>`.
 */
export function createMessageId(credentials: MailCredentials, domain: string): string {
  return `<${stampBotMarker({ credentials })}@${domain}>`;
}

/** A thread id or message id in header form: angle brackets added when absent. */
export function toMessageIdHeader(id: string): string {
  const trimmed = id.trim();
  return trimmed.startsWith("<") && trimmed.endsWith(">") ? trimmed : `<${trimmed}>`;
}
