import { randomBytes } from "node:crypto";

/** What {@link createGatewayBody} wraps: a raw RFC 5322 message and the labels the mailbox gave it. */
export interface GatewayMessage {
  raw: string | Uint8Array;
  labelIds: readonly string[];
  /** The gateway's id of the message; random when omitted. */
  id?: string;
}

/**
 * The JSON body a mail gateway posts for one message, `{ id, labelIds, raw }` with `raw` in base64url, as Gmail's
 * API gives it; sign it with `mailGatewayScheme.sign`.
 * @example const body = createGatewayBody({ raw: captured.raw, labelIds: ["SENT"] });
 */
export function createGatewayBody(message: GatewayMessage): string {
  const raw = typeof message.raw === "string" ? Buffer.from(message.raw, "utf8") : Buffer.from(message.raw);
  const id = message.id ?? randomBytes(8).toString("hex");
  return JSON.stringify({ id, labelIds: message.labelIds, raw: raw.toString("base64url") });
}
