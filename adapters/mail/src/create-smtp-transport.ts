import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { SmtpSettings } from "./smtp-settings.ts";

/** A nodemailer transport bound to one request's settings. */
export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>;

// Under the service's 10 s budget (D11), so a silent server becomes our own clear answer rather than its timeout.
const CONNECTION_TIMEOUT_MS = 4_000;
const SOCKET_TIMEOUT_MS = 8_000;

/**
 * Creates a one-connection transport for the settings; aborting `signal` closes it. Nothing is pooled, because
 * credentials arrive with every request and the adapter keeps no state between requests.
 */
export function createSmtpTransport(settings: SmtpSettings, signal?: AbortSignal): SmtpTransport {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.encryption === "tls",
    requireTLS: settings.encryption === "starttls",
    ignoreTLS: settings.encryption === "none",
    auth: { user: settings.username, pass: settings.password },
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
  });
  signal?.addEventListener("abort", () => transport.close(), { once: true });
  return transport;
}
