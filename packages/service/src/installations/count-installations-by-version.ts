import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { withInstallationTables } from "./installation-tables.ts";

/** How an App's active installations stand against its published version (D455): counts only, every organization's. */
export interface InstallationVersionCounts {
  /** On a version older than the published one. */
  readonly older: number;
  /** Of those, marked `action_needed` by an upgrade they could not take. */
  readonly actionNeeded: number;
  /** On the published version, moved there by an upgrade (a move back would return them). */
  readonly movedHere: number;
  /** On the published version, in all. */
  readonly onPublished: number;
}

/** Counts an App's active installations by where they stand (every organization's: the author moves them all). */
export async function countInstallationsByVersion(
  db: Kysely<Database>,
  app: { readonly id: number; readonly published_version: number | null },
): Promise<InstallationVersionCounts> {
  const published = app.published_version ?? 0;
  const rows = await withInstallationTables(db)
    .selectFrom("installations")
    .select((eb) => [
      "app_version",
      eb.fn.countAll<number>().as("n"),
      eb.fn.count<number>("action_needed").as("marked"),
      eb.fn.count<number>("previous_version").as("moved"),
    ])
    .where("app_id", "=", app.id)
    .where("state", "=", "active")
    .groupBy("app_version")
    .execute();
  let older = 0;
  let actionNeeded = 0;
  let movedHere = 0;
  let onPublished = 0;
  for (const row of rows) {
    if (row.app_version < published) {
      older += Number(row.n);
      actionNeeded += Number(row.marked);
    } else if (row.app_version === published) {
      onPublished += Number(row.n);
      movedHere += Number(row.moved);
    }
  }
  return { older, actionNeeded, movedHere, onPublished };
}
