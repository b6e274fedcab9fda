import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type AttemptTableName, type NewAttempt, withAttemptTables } from "./attempt-tables.ts";

/** D513: attempts kept per delivery; the D25 ladder makes nine, so only a longer configured ladder reaches it. */
export const ATTEMPTS_KEPT_PER_DELIVERY = 20;

/**
 * Writes one attempt's record (one insert); past the cap the delivery's oldest records beyond it go too, so a
 * delivery never holds more than `ATTEMPTS_KEPT_PER_DELIVERY`.
 */
export async function recordOutboundAttempt(
  db: Kysely<Database>,
  table: AttemptTableName,
  attempt: NewAttempt,
): Promise<void> {
  const attempts = withAttemptTables(db);
  await attempts.insertInto(table).values(attempt).execute();
  if (attempt.attempt > ATTEMPTS_KEPT_PER_DELIVERY) {
    await attempts
      .deleteFrom(table)
      .where("delivery_id", "=", attempt.delivery_id)
      .where("attempt", "<=", attempt.attempt - ATTEMPTS_KEPT_PER_DELIVERY)
      .execute();
  }
}
