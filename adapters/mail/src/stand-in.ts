import { listenStandIn } from "@adapterkit/sdk/testing";
import { SMTPServer } from "smtp-server";
import type { MailCredentials } from "./smtp-settings.ts";
import { createMailGateway, type MailGateway } from "./stand-in-gateway.ts";

/** A mail the stand-in accepted: the SMTP envelope and the raw RFC 5322 message. */
export interface CapturedMail {
  from: string;
  to: string[];
  /** The message as UTF-8 text; a body sent 8bit in another charset is only exact in {@link CapturedMail.bytes}. */
  raw: string;
  /** The message byte for byte as the server received it. */
  bytes: Buffer;
  /** The user that logged in to send it. */
  user: string;
}

/** Options of {@link startMailStandIn}. */
export interface MailStandInOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** Accepted logins, username → password; default the demo user only. */
  users?: Readonly<Record<string, string>>;
}

/** A running local SMTP server standing in for a real one. */
export interface MailStandIn {
  readonly host: string;
  readonly port: number;
  /** `smtp://host:port`. */
  readonly url: string;
  /** Working credentials for the mail adapter against this server (the demo user, no encryption). */
  readonly credentials: MailCredentials;
  /** Every accepted mail, oldest first. */
  mails(): readonly CapturedMail[];
  /** The inbound side: a gateway that posts messages, signed, to an App's inbound URL. */
  readonly gateway: MailGateway;
  close(): Promise<void>;
}

/** The demo login of the stand-in. */
export const DEMO_MAIL_USER = { username: "bot@adapterkit.test", password: "demo-password" } as const;

/**
 * Starts an SMTP server (smtp-server) that requires AUTH, accepts the demo user, answers 535 to anyone else and
 * keeps every mail it accepts; no TLS is offered (STARTTLS is neither advertised nor accepted: smtp-server would
 * otherwise upgrade with its built-in, expired certificate), so the credentials use `encryption: "none"`.
 * @example const smtp = await startMailStandIn(); await mailAdapter… smtp.credentials; await smtp.close();
 */
export async function startMailStandIn(options: MailStandInOptions = {}): Promise<MailStandIn> {
  const users = options.users ?? { [DEMO_MAIL_USER.username]: DEMO_MAIL_USER.password };
  const captured: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onAuth(auth, _session, callback) {
      const known = auth.username !== undefined && Object.hasOwn(users, auth.username);
      if (known && users[auth.username as string] === auth.password) return callback(null, { user: auth.username });
      return callback(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        const bytes = Buffer.concat(chunks);
        captured.push({
          from: mailFrom === false ? "" : mailFrom.address,
          to: rcptTo.map((recipient) => recipient.address),
          raw: bytes.toString("utf8"),
          bytes,
          user: String(session.user ?? ""),
        });
        callback();
      });
    },
  });
  const host = options.host ?? "127.0.0.1";
  // smtp-server re-emits its socket's errors on itself; listenStandIn reports them, so none goes unhandled.
  const ignore = () => {};
  server.on("error", ignore);
  const port = await listenStandIn(server.server, { port: options.port, host }).finally(() =>
    server.off("error", ignore),
  );
  const [username, password] = Object.entries(users)[0] ?? [DEMO_MAIL_USER.username, DEMO_MAIL_USER.password];
  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    credentials: {
      host,
      port: String(port),
      username,
      password,
      encryption: "none",
      from_address: `Adapterkit Bot <${username.includes("@") ? username : `${username}@adapterkit.test`}>`,
      gateway_secret: "demo-gateway-secret",
    },
    mails: () => [...captured],
    gateway: createMailGateway("demo-gateway-secret"),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
