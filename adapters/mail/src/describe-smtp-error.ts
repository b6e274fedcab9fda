import { type HandlerContext, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
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

/**
 * Turns a nodemailer error into a {@link SmtpFailure}; 4xx SMTP replies are retryable, 5xx are not. Only what an
 * SMTP server said (a reply, a failed login) is named; anything short of that (refused, timed out, not found, not
 * SMTP, TLS that never started, the outbound guard's refusal) is one {@link OUTBOUND_UNREACHABLE}, so the host and
 * port fields cannot be used to scan a network (architecture.md#a18). The cause goes to `log`.
 */
export function describeSmtpError(
  error: unknown,
  settings: SmtpSettings,
  log: Pick<HandlerContext["log"], "warn">,
): SmtpFailure {
  const failure = (error ?? {}) as NodemailerError;
  const detail = (failure.response ?? failure.message ?? String(error)).trim();
  if (failure.code === "EAUTH") {
    const code = failure.responseCode === undefined ? "" : ` (${failure.responseCode})`;
    return { message: `SMTP authentication failed${code}: ${detail}`, retryable: false };
  }
  if (failure.code === "ETLS" && failure.command === "STARTTLS" && typeof failure.response === "string") {
    const advice = 'use encryption "tls" (TLS from the first byte, port 465) or "none"';
    return {
      message: `The SMTP server at ${settings.address} does not offer STARTTLS (it answered "${detail}"); ${advice}`,
      retryable: false,
    };
  }
  if (failure.responseCode !== undefined && typeof failure.response === "string") {
    const retryable = failure.responseCode >= 400 && failure.responseCode < 500;
    return { message: `The SMTP server refused the message (${failure.responseCode}): ${detail}`, retryable };
  }
  log.warn({ code: failure.code, reason: detail }, "SMTP connection failed");
  return { message: OUTBOUND_UNREACHABLE, retryable: true };
}
