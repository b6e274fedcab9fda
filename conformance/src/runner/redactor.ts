import { createSecretMatcher } from "./secret-matcher.ts";

/** Replaces secrets in text and curl lines with `[REDACTED]`. */
export interface Redactor {
  redact(text: string): string;
  /** Adds the string values of a credentials object (and nested objects) to what is redacted. */
  addCredentials(credentials: Readonly<Record<string, unknown>> | undefined): void;
  addSecret(secret: string | undefined): void;
}

const MASK = "[REDACTED]";

/**
 * Builds a redactor over a {@link createSecretMatcher}: a secret, or any run of eight or more of its characters, is
 * masked, so a failure never shows a fragment of one; values that overlap are masked as one.
 */
export function createRedactor(): Redactor {
  const matcher = createSecretMatcher();
  const addValues = (value: unknown): void => {
    if (typeof value === "string") matcher.add(value);
    else if (value !== null && typeof value === "object") for (const item of Object.values(value)) addValues(item);
  };
  return {
    redact: (text) => {
      let masked = "";
      let from = 0;
      for (const [start, end] of matcher.spans(text)) {
        masked += text.slice(from, start) + MASK;
        from = end;
      }
      return masked + text.slice(from);
    },
    addCredentials: (credentials) => addValues(credentials),
    addSecret: (secret) => {
      if (secret !== undefined) matcher.add(secret);
    },
  };
}
