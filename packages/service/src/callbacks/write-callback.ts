import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { RunEvent, RunEventHandler } from "../runs/run-events.ts";
import type { Database } from "../store/index.ts";
import { withCallbackTables } from "./callback-tables.ts";
import { resolveCallbackUrl } from "./resolve-callback-url.ts";
import { toCallbackEnvelope } from "./to-callback-envelope.ts";

/** A fresh Standard Webhooks message id: `msg_` + 16 CSPRNG bytes in base64url. */
export function newWebhookId(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/**
 * D25: puts a run event's callback on the outbox, in the caller's transaction, due at once; does nothing when no
 * callback URL applies. Returns whether a row was written.
 */
export async function writeCallback(trx: Kysely<Database>, event: RunEvent): Promise<boolean> {
  const url = await resolveCallbackUrl(trx, event.run);
  if (url === null) return false;
  await withCallbackTables(trx)
    .insertInto("callback_deliveries")
    .values({
      organization_id: event.run.organization_id,
      workflow_run_id: event.run.id,
      event_type: event.type,
      url,
      webhook_id: newWebhookId(),
      payload: JSON.stringify(toCallbackEnvelope(event)),
      status: "pending",
      next_attempt_at: event.at,
      last_status: null,
      last_error: null,
      created_at: event.at,
      finished_at: null,
    })
    .execute();
  return true;
}

/**
 * The run-event handler of a service: writes the callback, then calls the next handler (the service option's).
 * After a row is written it wakes the dispatcher on the next turn of the event loop, by which time a SQLite
 * transaction has committed; on PostgreSQL the commit may still be in flight, and the dispatcher's poll finds it.
 */
export function createCallbackRunEventHandler(options: {
  next?: RunEventHandler | undefined;
  wake?: (() => void) | undefined;
}): RunEventHandler {
  return async (trx, event) => {
    if ((await writeCallback(trx, event)) && options.wake !== undefined) setImmediate(options.wake);
    await options.next?.(trx, event);
  };
}
