import type { SmtpSettings } from "./smtp-settings.ts";

/** Why talking to the SMTP server failed, in words a user can act on, and whether trying again may help. */
export interface SmtpFailure {
  message: string;
  retryable: boolean;
}

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  /** The SMTP command that failed, such as `STARTTLS`. */
  command?: string;
}

const SYSTEM_CODE = /\b(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|ENETUNREACH)\b/;

/** Turns a nodemailer error into a {@link SmtpFailure}; 4xx SMTP replies are retryable, 5xx are not. */
export function describeSmtpError(error: unknown, settings: SmtpSettings): SmtpFailure {
  const failure = (error ?? {}) as NodemailerError;
  const detail = (failure.response ?? failure.message ?? String(error)).trim();
  const where = settings.address;
  if (failure.code === "EAUTH") {
    const code = failure.responseCode === undefined ? "" : ` (${failure.responseCode})`;
    return { message: `SMTP authentication failed${code}: ${detail}`, retryable: false };
  }
  if (failure.code === "ETIMEDOUT" || (failure.code === "ECONNECTION" && /timeout/i.test(detail))) {
    return connection(`The SMTP server at ${where} did not answer in time`);
  }
  const system = SYSTEM_CODE.exec(`${failure.code ?? ""} ${failure.message ?? ""}`)?.[1];
  if (system === "ECONNREFUSED") {
    return connection(`Could not connect to the SMTP server at ${where} (connection refused)`);
  }
  if (system === "ENOTFOUND") {
    return { message: `The SMTP host "${settings.host}" was not found (DNS)`, retryable: false };
  }
  if (system !== undefined) return connection(`Could not reach the SMTP server at ${where} (${system})`);
  if (failure.code === "ETLS" && failure.command === "STARTTLS" && typeof failure.response === "string") {
    const advice = 'use encryption "tls" (TLS from the first byte, port 465) or "none"';
    return {
      message: `The SMTP server at ${where} does not offer STARTTLS (it answered "${detail}"); ${advice}`,
      retryable: false,
    };
  }
  if (failure.code === "ETLS" || /\b(TLS|SSL|certificate)\b/i.test(detail)) {
    return { message: `TLS with the SMTP server at ${where} failed: ${detail}`, retryable: false };
  }
  if (failure.responseCode !== undefined) {
    const retryable = failure.responseCode >= 400 && failure.responseCode < 500;
    return { message: `The SMTP server refused the message (${failure.responseCode}): ${detail}`, retryable };
  }
  return connection(`Sending through the SMTP server at ${where} failed: ${detail}`);
}

function connection(message: string): SmtpFailure {
  return { message, retryable: true };
}
