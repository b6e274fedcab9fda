import { createGatewayBody } from "./gateway-body.ts";
import { mailGatewayScheme } from "./gateway-signature.ts";

/** The answer an App's inbound URL gave one gateway post. */
export interface GatewayDelivery {
  readonly status: number;
  readonly body: string;
}

/** The inbound mail gateway of the stand-in: it posts mailbox messages, signed, to an App's inbound URL. */
export interface MailGateway {
  /**
   * Posts one message as the gateway's signed JSON (`{ id, labelIds, raw }`): a mail that arrived is labelled
   * INBOX, one the mailbox sent (a captured SMTP mail) SENT. The same `id` and raw make a retry. `raw` as bytes
   * passes a message in any charset unchanged.
   */
  post(
    url: string,
    message: { raw: string | Uint8Array; labelIds: readonly string[]; id?: string },
    secret?: string,
  ): Promise<GatewayDelivery>;
}

/** A gateway signing with the stand-in's `gateway_secret` (HMAC-SHA256, as the mail adapter verifies). */
export function createMailGateway(gatewaySecret: string): MailGateway {
  return {
    async post(url, message, secret = gatewaySecret) {
      const body = createGatewayBody(message);
      const headers = mailGatewayScheme.sign({ secret, body });
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body,
      });
      return { status: response.status, body: await response.text() };
    },
  };
}
