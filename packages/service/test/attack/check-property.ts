import fc from "fast-check";
import type { RawRequest } from "./send-raw.ts";

/**
 * Runs an async property for a number of generated cases and fails with a short description of the first failing
 * case and its seed (bodies can be megabytes; fast-check's own report would print them whole). No shrinking: the
 * service under attack keeps state between cases, so a shrunk case is not the case that failed.
 */
export async function checkProperty<T>(
  arbitrary: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  options: { numRuns: number; describe: (value: T) => string },
): Promise<void> {
  const outcome = await fc.check(fc.asyncProperty(arbitrary, predicate), {
    numRuns: options.numRuns,
    endOnFailure: true,
  });
  if (!outcome.failed) return;
  const example = outcome.counterexample?.[0];
  const what = example === undefined ? "(no case)" : options.describe(example);
  const cause = outcome.errorInstance instanceof Error ? outcome.errorInstance.message : String(outcome.errorInstance);
  throw new Error(`failed after ${outcome.numRuns} cases (seed ${outcome.seed}): ${what}\n${cause.slice(0, 2_000)}`);
}

/** One line about a raw request: method, target and headers shortened, the body's size and start. */
export function describeRequest(request: RawRequest): string {
  const short = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);
  const headers = request.headers.map(([name, value]) => `${name}: ${short(value.toString("latin1"), 40)}`);
  const body =
    request.body === null ? "no body" : `${request.body.length} bytes ${short(request.body.toString("latin1"))}`;
  return `${request.method} ${short(request.target.toString("latin1"))} [${headers.join("; ")}] ${body}`;
}
