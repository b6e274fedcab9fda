import pino, { type Logger } from "pino";

/** JSON logs (pino) with every field that could carry a secret censored, as a second line of defence. */
export function createLogger(level = "info"): Logger {
  return pino({
    level,
    base: { service: "adapterkit" },
    redact: {
      paths: ["authorization", "*.authorization", "headers.authorization", "token", "*.token", "secret", "*.secret"],
      censor: "[redacted]",
    },
  });
}
