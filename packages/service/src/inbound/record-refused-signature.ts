import type { GroundContext } from "../context/ground-context.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { toInboundEventValues } from "./record-inbound-event.ts";

/** How many refused signatures of one installation are kept as rows in a minute; the rest are counted (D355). */
export const KEPT_REFUSALS_PER_MINUTE = 10;

/**
 * A9, D355: records a delivery whose signature the adapter refused, without letting a flood of them grow the log.
 * The first KEPT_REFUSALS_PER_MINUTE of an installation in a clock minute are rows of their own; every further one
 * adds 1 to the `event_count` of that minute's last row. The installation's row is locked on PostgreSQL (SQLite
 * serialises transactions anyway), so concurrent refusals cannot both take the last free place.
 */
export async function recordRefusedSignature(
  context: Pick<GroundContext, "store">,
  refusal: { readonly installationId: string; readonly receivedAt: Date; readonly detail: string },
): Promise<void> {
  const { installationId, receivedAt } = refusal;
  const minuteStart = new Date(Math.floor(receivedAt.getTime() / 60_000) * 60_000).toISOString();
  await context.store.db.transaction().execute(async (trx) => {
    const inbound = withInboundTables(trx);
    await inbound
      .selectFrom("installations")
      .select("id")
      .where("id", "=", installationId)
      .$if(context.store.dialect === "postgres", (query) => query.forUpdate())
      .execute();
    const kept = await inbound
      .selectFrom("inbound_events")
      .select((eb) => [eb.fn.countAll<number | string>().as("rows"), eb.fn.max("id").as("last")])
      .where("installation_id", "=", installationId)
      .where("outcome", "=", "rejected_signature")
      .where("received_at", ">=", minuteStart)
      .executeTakeFirstOrThrow();
    if (Number(kept.rows) < KEPT_REFUSALS_PER_MINUTE || kept.last === null) {
      await inbound
        .insertInto("inbound_events")
        .values(toInboundEventValues({ ...refusal, outcome: "rejected_signature" }))
        .execute();
      return;
    }
    await inbound
      .updateTable("inbound_events")
      .set((eb) => ({ event_count: eb("event_count", "+", 1) }))
      .where("id", "=", kept.last)
      .execute();
  });
}
