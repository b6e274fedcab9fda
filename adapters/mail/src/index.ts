import { defineAdapter } from "@adapterkit/sdk";
import { deliver } from "./handlers/deliver.ts";
import { format } from "./handlers/format.ts";
import { parseInbound } from "./handlers/parse-inbound.ts";
import { verify } from "./handlers/verify.ts";
import { verifyWebhook } from "./handlers/verify-webhook.ts";
import { manifest } from "./manifest.ts";

/**
 * The mail adapter: SMTP delivery with nodemailer, a signed mail-gateway webhook parsed with mailparser.
 * @example const { url } = await serve(mailAdapter, { port: 3100 }); // http://localhost:3100/mail
 */
export const mailAdapter = defineAdapter({ manifest, verify, verifyWebhook, parseInbound, deliver, format });

export { createGatewayBody, type GatewayMessage } from "./gateway-body.ts";
export { MAIL_GATEWAY_SIGNATURE, mailGatewayScheme } from "./gateway-signature.ts";
export { EMAIL_RECEIVED } from "./handlers/parse-inbound.ts";
export { manifest as mailManifest } from "./manifest.ts";
export type { MailCredentials } from "./smtp-settings.ts";
export {
  type CapturedMail,
  DEMO_MAIL_USER,
  type MailStandIn,
  type MailStandInOptions,
  startMailStandIn,
} from "./stand-in.ts";
export { createMailGateway, type GatewayDelivery, type MailGateway } from "./stand-in-gateway.ts";
