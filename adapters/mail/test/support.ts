import { buildParseInboundRequest } from "@adapterkit/sdk/testing";
import { createGatewayBody } from "../src/gateway-body.ts";
import { mailGatewayScheme } from "../src/gateway-signature.ts";
import type { MailCredentials } from "../src/smtp-settings.ts";

type ParseInboundRequestFor = Omit<ReturnType<typeof buildParseInboundRequest>, "credentials"> & {
  credentials: MailCredentials;
};

/** Mail credentials for handler tests that never reach SMTP: what matters is the gateway secret. */
export const GATEWAY_TEST_CREDENTIALS: MailCredentials = {
  host: "127.0.0.1",
  port: "2525",
  username: "bot@adapterkit.test",
  password: "demo-password",
  encryption: "none",
  from_address: "bot@adapterkit.test",
  gateway_secret: "gw-secret-1",
};

/** An RFC 5322 message as a person's mail client would write it. */
export function personMail(options: {
  text: string;
  from?: string;
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  subject?: string;
}): string {
  const headers = [
    `From: ${options.from ?? "Alice Example <alice@example.test>"}`,
    "To: bot@adapterkit.test",
    `Subject: ${options.subject ?? "Question"}`,
    "Date: Mon, 16 Nov 2026 09:30:00 +0000",
    ...(options.messageId === undefined ? [] : [`Message-ID: ${options.messageId}`]),
    ...(options.inReplyTo === undefined ? [] : [`In-Reply-To: ${options.inReplyTo}`]),
    ...(options.references === undefined ? [] : [`References: ${options.references}`]),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: 8bit",
  ];
  return `${headers.join("\r\n")}\r\n\r\n${options.text.replace(/\r?\n/g, "\r\n")}`;
}

/** The signed `/parse-inbound` request a gateway's webhook becomes. */
export function gatewayRequest(
  credentials: MailCredentials,
  message: { raw: string; labelIds: readonly string[]; id?: string },
): ParseInboundRequestFor {
  const body = createGatewayBody(message);
  const headers = mailGatewayScheme.sign({ secret: credentials.gateway_secret, body });
  return inboundRequest(credentials, body, headers);
}

/** A `/parse-inbound` request carrying any body, typed with the mail credentials. */
export function inboundRequest(
  credentials: MailCredentials,
  body: string,
  headers: Record<string, string> = {},
): ParseInboundRequestFor {
  const request = buildParseInboundRequest({ headers: { "content-type": "application/json", ...headers }, body });
  return { ...request, credentials };
}
