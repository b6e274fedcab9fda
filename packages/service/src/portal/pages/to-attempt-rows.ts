import type { OutboundAttemptJson } from "@adapterkit/contract";

/** An attempt's status, its error class beside it when that says more (an adapter's refusal of a 200). */
function resultOf(attempt: OutboundAttemptJson): string {
  const errorClass = attempt.error_class?.replaceAll("_", " ");
  if (attempt.http_status === null) return errorClass ?? "";
  const status = `HTTP ${attempt.http_status}`;
  return errorClass === undefined || attempt.error_class === "http_status" ? status : `${status}, ${errorClass}`;
}

/** A delivery's attempts as the portal's attempt table shows them (D516): its instants for the `time` helper, a status or error class. */
export function toAttemptRows(attempts: readonly OutboundAttemptJson[]) {
  return attempts.map((attempt) => ({
    attempt: attempt.attempt,
    started: attempt.started_at,
    result: resultOf(attempt),
    // "HTTP 500" says no more than the status beside it.
    error: attempt.error === `HTTP ${attempt.http_status}` ? "" : (attempt.error ?? ""),
    latency: `${attempt.latency_ms} ms`,
    excerpt: attempt.response_excerpt,
    truncated: attempt.excerpt_truncated,
    next: attempt.next_attempt_at,
    outcome: attempt.outcome,
  }));
}

/** Whether the portal offers a delivery's Resend button: a dead or delivered one (D515). */
export const isResendable = (status: string): boolean => status === "dead" || status === "delivered";
