import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { type AppVersionRow, withAppTables } from "./app-tables.ts";

/** Every stored version of an App, newest first (A1: one row per changed manifest). */
export async function listAppVersions(db: Kysely<Database>, appId: number): Promise<AppVersionRow[]> {
  return withAppTables(db)
    .selectFrom("app_versions")
    .selectAll()
    .where("app_id", "=", appId)
    .orderBy("version", "desc")
    .limit(200)
    .execute();
}
