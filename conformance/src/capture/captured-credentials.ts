import type { Fixtures } from "../fixtures/fixtures.ts";
import { isSecretValue } from "../runner/secret-matcher.ts";

/** Stands in for what capture cannot know, e.g. credentials the platform refuses. */
export const FILL_IN = "FILL_IN";

/**
 * Credentials for fixtures made without a base file: the captured ones with the signing secret kept (samples are
 * signed with it) and every other secret-looking value redacted; `bad` is left for the author to fill in.
 */
export function capturedCredentials(
  captured: Readonly<Record<string, unknown>>,
  signingKey: string | undefined,
  review: string[],
): Fixtures["credentials"] {
  const good: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(captured)) {
    const secret = typeof value === "string" && isSecretValue(value) && !value.startsWith("/");
    if (key === signingKey || !secret) good[key] = value;
    else {
      good[key] = "[REDACTED]";
      review.push(`credentials.good.${key} was redacted: fill in the sandbox value`);
    }
  }
  review.push("credentials.bad: fill in credentials the platform refuses");
  return { good, bad: Object.fromEntries(Object.keys(captured).map((key) => [key, FILL_IN])) };
}
