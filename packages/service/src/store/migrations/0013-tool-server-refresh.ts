import { type Kysely, type Migration, sql } from "kysely";

/**
 * A13, scheduled refresh (D320–D322): when a tool server was last refreshed (scheduled or on demand, good or not),
 * the error of that attempt when it failed, and the lease one refresher holds on the row across instances.
 */
export function toolServerRefreshMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const table = () => db.schema.alterTable("tool_servers");
      await table().addColumn("last_refresh_at", "text").execute();
      await table().addColumn("last_refresh_error", "text").execute();
      await table().addColumn("refresh_lease_owner", "text").execute();
      await table().addColumn("refresh_lease_until", "text").execute();
      // A server connected before this migration was last refreshed when it was last listed.
      await sql`update tool_servers set last_refresh_at = refreshed_at`.execute(db);
    },
  };
}
