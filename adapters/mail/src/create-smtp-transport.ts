import type { OutboundPath } from "@adapterkit/sdk";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport/index.js";
import type { SmtpSettings } from "./smtp-settings.ts";

/** A nodemailer transport bound to one request's settings. */
export type SmtpTransport = Transporter<SMTPTransport.SentMessageInfo, SMTPTransport.Options>;

// Under the service's 10 s budget (D11), so a silent server becomes our own clear answer rather than its timeout.
const CONNECTION_TIMEOUT_MS = 4_000;
const SOCKET_TIMEOUT_MS = 8_000;

/** What of a handler's context the transport uses. */
export interface SmtpContext {
  /** The handler's `context.outbound`: the SMTP host is tenant data, so the socket is opened through the guard. */
  readonly outbound: OutboundPath;
  readonly signal?: AbortSignal;
}

/**
 * Creates a one-connection transport for the settings, whose socket is opened by the SDK's outbound path (DESIGN
 * A18) and handed to nodemailer, which then speaks SMTP (and TLS) over it; aborting `signal` closes it. Nothing is
 * pooled, because credentials arrive with every request and the adapter keeps no state between requests.
 */
export function createSmtpTransport(settings: SmtpSettings, context: SmtpContext): SmtpTransport {
  const { outbound, signal } = context;
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
    getSocket: (_options, callback) => {
      const target = { host: settings.host, port: settings.port, timeoutMs: CONNECTION_TIMEOUT_MS, signal };
      outbound.connect(target).then(
        (connection) => callback(null, { connection }),
        (error: Error) => callback(error, undefined),
      );
    },
  });
  signal?.addEventListener("abort", () => transport.close(), { once: true });
  return transport;
}
