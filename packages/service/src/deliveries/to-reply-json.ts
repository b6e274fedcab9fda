import type { ReplyJson } from "@adapterkit/contract";
import type { DeliveryRow } from "../front-desk/front-desk-tables.ts";
import type { AttemptRow } from "../outbound-records/attempt-tables.ts";
import { toAttemptJson } from "../outbound-records/to-attempt-json.ts";

/** Renders a reply's outbox row and its attempt records as the API's reply JSON (D510). */
export function toReplyJson(row: DeliveryRow, attempts: readonly AttemptRow[]): ReplyJson {
  return {
    id: row.id,
    installation_id: row.installation_id,
    channel_address: row.channel_address,
    thread_id: row.thread_id,
    status: row.status,
    attempt_count: row.attempts,
    message_id: row.message_id,
    next_attempt_at: row.status === "pending" ? row.next_attempt_at : null,
    created_at: row.created_at,
    delivered_at: row.delivered_at,
    resent_from: row.resent_from,
    attempts: attempts.map(toAttemptJson),
  };
}
