import type { CallbackEnvelope } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { CallbackSender } from "../auth/callback-sender.ts";
import type { Database } from "../store/index.ts";
import { withCallbackTables } from "./callback-tables.ts";

/**
 * D25 receiver: records a verified callback for its organization. A redelivery (same organization and
 * webhook-id) is acknowledged without a second record; returns whether this one was new.
 */
export async function recordReceivedCallback(
  db: Kysely<Database>,
  sender: CallbackSender,
  envelope: CallbackEnvelope,
  now: Date,
): Promise<boolean> {
  const result = await withCallbackTables(db)
    .insertInto("received_callbacks")
    .values({
      organization_id: sender.organizationId,
      webhook_id: sender.webhookId,
      event_type: envelope.type,
      payload: JSON.stringify(envelope),
      received_at: now.toISOString(),
    })
    .onConflict((conflict) => conflict.columns(["organization_id", "webhook_id"]).doNothing())
    .executeTakeFirst();
  return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
