import type { ReplyJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";
import { type DeliveryRow, withFrontDeskTables } from "../front-desk/front-desk-tables.ts";
import { manageableInstallation } from "../installations/installation-access.ts";
import { listAttempts } from "../outbound-records/list-attempts.ts";
import { type Database, isStorableId, isUniqueViolation } from "../store/index.ts";
import { toReplyJson } from "./to-reply-json.ts";

function earlierResend(db: Kysely<Database>, from: number, key: string): Promise<DeliveryRow | undefined> {
  return withFrontDeskTables(db)
    .selectFrom("deliveries")
    .selectAll()
    .where("resent_from", "=", from)
    .where("resend_key", "=", key)
    .executeTakeFirst();
}

async function withAttempts(db: Kysely<Database>, row: DeliveryRow): Promise<ReplyJson> {
  const attempts = await listAttempts(db, "reply_attempts", [row.id]);
  return toReplyJson(row, attempts.get(row.id) ?? []);
}

/**
 * D514, D515: a dead or delivered front-desk reply on the outbox again as a new reply to the same address and
 * thread, due now; by a project token on an active installation, as the installation's other changes are. One
 * Idempotency-Key makes one resend of a reply, however often it is sent.
 */
export async function resendReply(
  context: Pick<GroundContext, "store" | "now">,
  principal: Principal,
  input: { installationId: string; id: number; idempotencyKey: string | undefined },
): Promise<{ delivery: ReplyJson; replayed: boolean }> {
  const db = context.store.db;
  const installation = await manageableInstallation(context, principal, input.installationId);
  const original = isStorableId(input.id)
    ? await withFrontDeskTables(db)
        .selectFrom("deliveries")
        .selectAll()
        .where("id", "=", input.id)
        .where("installation_id", "=", installation.id)
        .executeTakeFirst()
    : undefined;
  if (original === undefined) {
    throw new ServiceError("not_found", `No reply ${input.id} of installation ${installation.id}.`);
  }
  const key = input.idempotencyKey;
  const earlier = key === undefined ? undefined : await earlierResend(db, original.id, key);
  if (earlier !== undefined) return { delivery: await withAttempts(db, earlier), replayed: true };
  if (original.status === "pending") {
    throw new ServiceError(
      "conflict",
      `Reply ${original.id} cannot be resent: it is still pending; only a dead or delivered one can.`,
    );
  }
  const at = context.now().toISOString();
  try {
    const row = await withFrontDeskTables(db)
      .insertInto("deliveries")
      .values({
        installation_id: original.installation_id,
        contact_id: original.contact_id,
        inbound_event_id: original.inbound_event_id,
        channel_address: original.channel_address,
        thread_id: original.thread_id,
        text: original.text,
        status: "pending",
        next_attempt_at: at,
        message_id: null,
        last_error: null,
        created_at: at,
        delivered_at: null,
        resent_from: original.id,
        resend_key: key ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { delivery: toReplyJson(row, []), replayed: false };
  } catch (error) {
    // Two requests with one key at once: the unique index lets one in, and the other answers what it made.
    const raced = key !== undefined && isUniqueViolation(error) ? await earlierResend(db, original.id, key) : undefined;
    if (raced === undefined) throw error;
    return { delivery: await withAttempts(db, raced), replayed: true };
  }
}
