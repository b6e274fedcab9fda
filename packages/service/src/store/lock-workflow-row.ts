import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/**
 * Takes the workflow's row lock for the rest of the transaction: a no-op update locks the row on PostgreSQL and
 * SQLite transactions are serialised anyway, so "check triggers, then change them" cannot interleave (D23).
 */
export async function lockWorkflowRow(trx: Kysely<Database>, workflowId: number): Promise<void> {
  await trx
    .updateTable("workflows")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", workflowId)
    .execute();
}
