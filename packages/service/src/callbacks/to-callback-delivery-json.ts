import type { CallbackDeliveryJson } from "@adapterkit/contract";
import { withoutUserinfo } from "../outbound/without-userinfo.ts";
import type { AttemptRow } from "../outbound-records/attempt-tables.ts";
import { toAttemptJson } from "../outbound-records/to-attempt-json.ts";
import type { CallbackDeliveryRow } from "./callback-tables.ts";

/** Renders an outbox row and its attempt records as the API's callback-delivery JSON (D510). */
export function toCallbackDeliveryJson(
  row: CallbackDeliveryRow,
  attempts: readonly AttemptRow[],
): CallbackDeliveryJson {
  return {
    id: row.id,
    workflow_run_id: row.workflow_run_id,
    event_type: row.event_type,
    url: withoutUserinfo(row.url) ?? row.url,
    webhook_id: row.webhook_id,
    status: row.status,
    attempt_count: row.attempts,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    created_at: row.created_at,
    finished_at: row.finished_at,
    resent_from: row.resent_from,
    attempts: attempts.map(toAttemptJson),
  };
}
