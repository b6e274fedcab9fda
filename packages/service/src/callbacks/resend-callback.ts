import type { CallbackDeliveryJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { listAttempts } from "../outbound-records/list-attempts.ts";
import { type Database, isUniqueViolation } from "../store/index.ts";
import { type CallbackDeliveryRow, withCallbackTables } from "./callback-tables.ts";
import { readableCallbackDelivery } from "./get-callback-delivery.ts";
import { toCallbackDeliveryJson } from "./to-callback-delivery-json.ts";
import { newWebhookId } from "./write-callback.ts";

/** What a resend answers: the new delivery, and whether an earlier request with the key made it. */
export interface ResendAnswer<T> {
  readonly delivery: T;
  readonly replayed: boolean;
}

function earlierResend(db: Kysely<Database>, from: number, key: string): Promise<CallbackDeliveryRow | undefined> {
  return withCallbackTables(db)
    .selectFrom("callback_deliveries")
    .selectAll()
    .where("resent_from", "=", from)
    .where("resend_key", "=", key)
    .executeTakeFirst();
}

async function withAttempts(db: Kysely<Database>, row: CallbackDeliveryRow): Promise<CallbackDeliveryJson> {
  const attempts = await listAttempts(db, "callback_attempts", [row.id]);
  return toCallbackDeliveryJson(row, attempts.get(row.id) ?? []);
}

/**
 * D514, D515: a dead or delivered callback on the outbox again as a new delivery, the same payload and URL under a
 * new webhook-id, due now. One Idempotency-Key makes one resend of a delivery, however often it is sent.
 */
export async function resendCallback(
  context: { db: Kysely<Database>; now: Date },
  principal: Principal,
  input: { id: number; idempotencyKey: string | undefined },
): Promise<ResendAnswer<CallbackDeliveryJson>> {
  const { db, now } = context;
  const original = await readableCallbackDelivery(db, principal, input.id);
  const key = input.idempotencyKey;
  const earlier = key === undefined ? undefined : await earlierResend(db, original.id, key);
  if (earlier !== undefined) return { delivery: await withAttempts(db, earlier), replayed: true };
  if (original.status !== "dead" && original.status !== "delivered") {
    const why = original.status === "gone" ? "its receiver answered 410 Gone" : "it is still pending";
    throw new ServiceError(
      "conflict",
      `Callback delivery ${original.id} cannot be resent: ${why}; only a dead or delivered one can.`,
    );
  }
  const at = now.toISOString();
  try {
    const row = await withCallbackTables(db)
      .insertInto("callback_deliveries")
      .values({
        organization_id: original.organization_id,
        workflow_run_id: original.workflow_run_id,
        event_type: original.event_type,
        url: original.url,
        // A new message id: a receiver that deduplicates by it would drop the resend of a delivered callback.
        webhook_id: newWebhookId(),
        payload: original.payload,
        status: "pending",
        next_attempt_at: at,
        last_status: null,
        last_error: null,
        created_at: at,
        finished_at: null,
        resent_from: original.id,
        resend_key: key ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { delivery: toCallbackDeliveryJson(row, []), replayed: false };
  } catch (error) {
    // Two requests with one key at once: the unique index lets one in, and the other answers what it made.
    const raced = key !== undefined && isUniqueViolation(error) ? await earlierResend(db, original.id, key) : undefined;
    if (raced === undefined) throw error;
    return { delivery: await withAttempts(db, raced), replayed: true };
  }
}
