import pino, { type DestinationStream, type Logger } from "pino";

/** JSON logs (pino) with every field that could carry a secret censored, as a second line of defence. */
export function createLogger(level = "info", destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: "adapterkit" },
    redact: {
      paths: ["authorization", "*.authorization", "headers.authorization", "token", "*.token", "secret", "*.secret"],
      censor: "[redacted]",
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
