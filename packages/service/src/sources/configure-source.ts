import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { type SourceRow, withSourceTables } from "./source-tables.ts";

/**
 * Sets an installation's source folder (D164). A new folder, or `reset`, starts the source over: the cursor is
 * cleared and its documents deleted in the same transaction, so the next sync lists everything as added. Refused
 * (409) while a sync holds the source. The source is due at once.
 */
export async function configureSource(
  db: Kysely<Database>,
  input: { installationId: string; resourcePath: string; reset: boolean; now: Date },
): Promise<SourceRow> {
  const at = input.now.toISOString();
  return db.transaction().execute(async (raw) => {
    const trx = withSourceTables(raw);
    const current = await trx
      .selectFrom("sources")
      .selectAll()
      .where("installation_id", "=", input.installationId)
      .executeTakeFirst();
    if (current !== undefined && current.lease_owner !== null && (current.lease_expires_at ?? "") > at) {
      throw new ServiceError(
        "conflict",
        `A sync of installation ${input.installationId} is running; try again when it ends.`,
      );
    }
    const startOver = current === undefined || input.reset || current.resource_path !== input.resourcePath;
    if (startOver) {
      await trx.deleteFrom("source_documents").where("installation_id", "=", input.installationId).execute();
      await trx.deleteFrom("source_chunks").where("installation_id", "=", input.installationId).execute();
    }
    const values = {
      resource_path: input.resourcePath,
      ...(startOver ? { cursor: null } : {}),
      next_sync_at: at,
      updated_at: at,
    };
    return trx
      .insertInto("sources")
      .values({
        installation_id: input.installationId,
        cursor: null,
        created_at: at,
        lease_owner: null,
        lease_expires_at: null,
        ...values,
      })
      .onConflict((oc) => oc.column("installation_id").doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
