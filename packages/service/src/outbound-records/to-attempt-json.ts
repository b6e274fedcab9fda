import type { OutboundAttemptJson } from "@adapterkit/contract";
import type { AttemptRow } from "./attempt-tables.ts";

/** Renders an attempt record as the API's outbound-attempt JSON. */
export function toAttemptJson(row: AttemptRow): OutboundAttemptJson {
  return {
    attempt: row.attempt,
    started_at: row.started_at,
    latency_ms: row.latency_ms,
    http_status: row.http_status,
    error_class: row.error_class,
    error: row.error,
    response_excerpt: row.excerpt,
    excerpt_truncated: Boolean(row.excerpt_truncated),
    next_attempt_at: row.next_attempt_at,
    outcome: row.outcome,
  };
}
