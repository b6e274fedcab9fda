import { type Logger, type LoggerOptions, pino } from "pino";

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

/**
 * The SDK's JSON logger: pino on stdout, level from `LOG_LEVEL` (default `info`), credentials redacted.
 * @example const log = createLogger({ level: "debug" });
 */
export function createLogger(options: LoggerOptions = {}): Logger {
  return pino({
    level: process.env.LOG_LEVEL ?? "info",
    ...options,
    redact: { paths: [...REDACTED_PATHS], censor: "[redacted]" },
  });
}
