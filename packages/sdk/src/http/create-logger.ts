import { type DestinationStream, type Logger, type LoggerOptions, pino } from "pino";

/** Paths pino censors in every log line: credentials wherever they sit, and secrets in headers or options. */
export const REDACTED_PATHS: readonly string[] = [
  "credentials",
  "*.credentials",
  "*.*.credentials",
  "signingSecret",
  "*.signingSecret",
  "headers.authorization",
  "*.headers.authorization",
  'headers["webhook-signature"]',
  '*.headers["webhook-signature"]',
];

const REDACT = { paths: [...REDACTED_PATHS], censor: "[redacted]" };

/**
 * The SDK's JSON logger: pino on stdout (or `destination`), level from `LOG_LEVEL` (default `info`),
 * credentials redacted.
 * @example const log = createLogger({ level: "debug" });
 */
export function createLogger(options: LoggerOptions = {}, destination?: DestinationStream): Logger {
  const settings = { level: process.env.LOG_LEVEL ?? "info", ...options, redact: REDACT };
  return destination ? pino(settings, destination) : pino(settings);
}

/** A child of an author's own logger that redacts what the SDK's logger would. */
export function withRedaction(logger: Logger): Logger {
  return logger.child({}, { redact: REDACT });
}
