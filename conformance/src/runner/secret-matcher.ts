/** Whole values shorter than this are not secrets: ports, flags and short ids would match unrelated text. */
export const MIN_SECRET_LENGTH = 6;

/**
 * This many characters of a secret in a row count as the secret: a parser error that quotes part of the body, or
 * an echo clipped to fit, leaks a fragment rather than the whole value.
 */
export const SECRET_FRAGMENT_LENGTH = 8;

/** Whether a value is treated as a secret: long enough not to match by chance, and not an address. */
export function isSecretValue(value: string): boolean {
  return value.length >= MIN_SECRET_LENGTH && !/^https?:\/\//.test(value);
}

/** A [start, end) range of a text. */
export type Span = readonly [start: number, end: number];

/** Finds where secret values, or fragments of them, occur in a text. */
export interface SecretMatcher {
  /** Adds a value (and its JSON-escaped form); short values and URLs are ignored. */
  add(value: string): void;
  /** The spans of `text` covered by a secret or a fragment of one, sorted and merged. */
  spans(text: string): Span[];
}

/**
 * Builds a matcher: a value of {@link SECRET_FRAGMENT_LENGTH} characters or more matches wherever any run of that
 * many of its characters occurs; a shorter one (from {@link MIN_SECRET_LENGTH}) only whole.
 */
export function createSecretMatcher(): SecretMatcher {
  const whole = new Set<string>();
  const fragments = new Set<string>();
  const addForm = (form: string) => {
    if (form.length < SECRET_FRAGMENT_LENGTH) whole.add(form);
    else
      for (let at = 0; at + SECRET_FRAGMENT_LENGTH <= form.length; at++)
        fragments.add(form.slice(at, at + SECRET_FRAGMENT_LENGTH));
  };
  return {
    add(value) {
      if (!isSecretValue(value)) return;
      addForm(value);
      // Failures quote response bodies, which hold the JSON-escaped form.
      addForm(JSON.stringify(value).slice(1, -1));
    },
    spans(text) {
      const covered = new Uint8Array(text.length);
      const cover = (start: number, length: number) => covered.fill(1, start, start + length);
      if (fragments.size > 0) {
        for (let at = 0; at + SECRET_FRAGMENT_LENGTH <= text.length; at++) {
          if (fragments.has(text.slice(at, at + SECRET_FRAGMENT_LENGTH))) cover(at, SECRET_FRAGMENT_LENGTH);
        }
      }
      for (const value of whole) {
        for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) cover(at, value.length);
      }
      return runsOf(covered);
    },
  };
}

function runsOf(covered: Uint8Array): Span[] {
  const spans: Span[] = [];
  let start = -1;
  for (let at = 0; at <= covered.length; at++) {
    const on = at < covered.length && covered[at] === 1;
    if (on && start === -1) start = at;
    if (!on && start !== -1) {
      spans.push([start, at]);
      start = -1;
    }
  }
  return spans;
}
