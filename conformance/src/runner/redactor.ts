/** Replaces secrets in text and curl lines with `[REDACTED]`. */
export interface Redactor {
  redact(text: string): string;
  /** Adds the string values of a credentials object (and nested objects) to what is redacted. */
  addCredentials(credentials: Readonly<Record<string, unknown>> | undefined): void;
  addSecret(secret: string | undefined): void;
}

const MASK = "[REDACTED]";
/** Shorter values (ports, flags) would mask unrelated text; URLs are addresses, not secrets. */
const MIN_SECRET_LENGTH = 6;

/** Builds a redactor; longer secrets are replaced first so a secret containing another is masked whole. */
export function createRedactor(): Redactor {
  const secrets = new Set<string>();
  let ordered: string[] = [];
  const add = (value: string) => {
    if (value.length < MIN_SECRET_LENGTH || /^https?:\/\//.test(value) || secrets.has(value)) return;
    secrets.add(value);
    // JSON-escaped forms too, since failures quote response bodies.
    const escaped = JSON.stringify(value).slice(1, -1);
    if (escaped !== value) secrets.add(escaped);
    ordered = [...secrets].sort((a, b) => b.length - a.length);
  };
  const addValues = (value: unknown): void => {
    if (typeof value === "string") add(value);
    else if (value !== null && typeof value === "object") for (const item of Object.values(value)) addValues(item);
  };
  return {
    redact: (text) => ordered.reduce((masked, secret) => masked.split(secret).join(MASK), text),
    addCredentials: (credentials) => addValues(credentials),
    addSecret: (secret) => {
      if (secret !== undefined) add(secret);
    },
  };
}
