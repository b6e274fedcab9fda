import type { InboundEventJson, InboundReplayJson, NormalizedMessage } from "@adapterkit/contract";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { manageableInstallation } from "../installations/installation-access.ts";
import { fromJsonColumn } from "../store/index.ts";
import type { InboundContext } from "./inbound-context.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { LOG_COLUMNS, toInboundEventJson } from "./list-installation-events.ts";

/** The dedup key a replay routes under: its own per Idempotency-Key, so two requests with one key route once. */
const replayDedupKey = (eventId: number, key: string | undefined) =>
  key === undefined ? undefined : `replay:${eventId}:${key}`;

async function logEntry(context: Pick<InboundContext, "store">, id: number): Promise<InboundEventJson> {
  const row = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .select(LOG_COLUMNS)
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  return toInboundEventJson(row);
}

/** The first replay of the event made with this key, if one was routed. */
async function earlierReplay(context: Pick<InboundContext, "store">, eventId: number, key: string) {
  const row = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .select(LOG_COLUMNS)
    .where("replay_of", "=", eventId)
    .where("replay_key", "=", key)
    .where("outcome", "!=", "duplicate")
    .orderBy("id")
    .executeTakeFirst();
  return row === undefined ? undefined : toInboundEventJson(row);
}

/**
 * A22 "Resend to triggers" (D523): routes a stored event's message again, as a new event that names the original,
 * without calling the platform or the adapter. It starts runs (or the front desk) as a new event would. With an
 * Idempotency-Key, a repeat answers the first replay and routes nothing; two at once route once, the second recorded
 * as a duplicate. An event that kept no message (refused, failed) or a bot's is a 409.
 */
export async function replayInboundEvent(
  context: InboundContext,
  principal: Principal,
  input: { id: string; eventId: number; idempotencyKey: string | undefined },
): Promise<InboundReplayJson> {
  const installation = await manageableInstallation(context, principal, input.id);
  const original = await withInboundTables(context.store.db)
    .selectFrom("inbound_events")
    .select(["id", "outcome", "message"])
    .where("installation_id", "=", installation.id)
    .where("id", "=", input.eventId)
    .executeTakeFirst();
  if (original === undefined) {
    throw new ServiceError("not_found", `No event ${input.eventId} of installation ${input.id}.`);
  }
  if (original.message === null || original.outcome === "dropped_bot") {
    throw new ServiceError(
      "conflict",
      `Event ${original.id} kept no message to resend: its outcome is ${original.outcome}.`,
    );
  }
  const key = input.idempotencyKey;
  const earlier = key === undefined ? undefined : await earlierReplay(context, original.id, key);
  if (earlier !== undefined) return { replayed: false, event: earlier };
  const { dedup_key: _original, ...message } = fromJsonColumn(original.message) as NormalizedMessage;
  const dedupKey = replayDedupKey(original.id, key);
  const open = await context.inboundCache.open(installation.id);
  const routed = await context.inbound.route(
    {
      installationId: installation.id,
      organizationId: installation.organization_id,
      appId: open.app.id,
      app: open.app.slug,
      frontDesk: installation.front_desk === 1,
      message: dedupKey === undefined ? message : { ...message, dedup_key: dedupKey },
      evidence: { replayOf: original.id, replayKey: key },
    },
    context.now(),
  );
  if (routed.outcome === "duplicate" && key !== undefined) {
    const first = await earlierReplay(context, original.id, key);
    if (first !== undefined) return { replayed: false, event: first };
  }
  if (routed.workflowRunIds.length > 0) context.wakeWorker();
  if (routed.deliveryId != null) context.wakeDeliveries();
  return { replayed: true, event: await logEntry(context, routed.eventId) };
}
