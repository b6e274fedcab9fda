import { AdapterHttpError, type CredentialsOf, type Issue } from "@adapterkit/sdk";
import type { manifest } from "./manifest.ts";

/** The credentials every mail handler receives. */
export type MailCredentials = CredentialsOf<typeof manifest>;

/** How the connection to the SMTP server is secured. */
export const ENCRYPTIONS = ["none", "starttls", "tls"] as const;

export type Encryption = (typeof ENCRYPTIONS)[number];

/** SMTP settings read and checked from the credentials. */
export interface SmtpSettings {
  host: string;
  port: number;
  encryption: Encryption;
  username: string;
  password: string;
  /** The From header as entered (`Name <addr>` or a bare address). */
  from: string;
  /** The domain of the From address, used for Message-IDs. */
  fromDomain: string;
  /** `host:port`, for messages. */
  address: string;
}

/**
 * Reads the SMTP settings from the credentials, throwing 400 `invalid_request` that names each bad field
 * (`/credentials/port` and so on) when a value cannot be used.
 */
export function readSmtpSettings(credentials: MailCredentials): SmtpSettings {
  const issues: Issue[] = [];
  const bad = (field: string, message: string) => issues.push({ path: `/credentials/${field}`, message });
  const host = credentials.host.trim();
  if (host === "") bad("host", "expected the SMTP server's host name");
  const port = Number(credentials.port.trim());
  if (!/^\d+$/.test(credentials.port.trim()) || port < 1 || port > 65_535) {
    bad("port", `expected a port number from 1 to 65535, got "${credentials.port}"`);
  }
  const encryption = credentials.encryption.trim().toLowerCase();
  if (!isEncryption(encryption))
    bad("encryption", `expected one of ${ENCRYPTIONS.join(", ")}, got "${credentials.encryption}"`);
  const fromDomain = domainOf(credentials.from_address);
  if (fromDomain === undefined)
    bad("from_address", "expected an address such as help@example.com or Help <help@example.com>");
  if (issues.length > 0 || !isEncryption(encryption) || fromDomain === undefined) throw invalidCredentials(issues);
  return {
    host,
    port,
    encryption,
    username: credentials.username,
    password: credentials.password,
    from: credentials.from_address.trim(),
    fromDomain,
    address: `${host}:${port}`,
  };
}

function invalidCredentials(issues: Issue[]): AdapterHttpError {
  const summary = issues.map((issue) => `${issue.path.replace("/credentials/", "")}: ${issue.message}`).join("; ");
  return new AdapterHttpError("invalid_request", `The mail credentials cannot be used: ${summary}`, { issues });
}

function isEncryption(value: string): value is Encryption {
  return (ENCRYPTIONS as readonly string[]).includes(value);
}

function domainOf(from: string): string | undefined {
  const bracketed = /<([^<>]+)>\s*$/.exec(from);
  const address = (bracketed?.[1] ?? from).trim();
  const match = /^[^\s@<>]+@([A-Za-z0-9.-]+)$/.exec(address);
  return match?.[1];
}
