import type { ExpressionBuilder, Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { generateInstallationId, isInstallationId } from "./installation-id.ts";
import { type AppsDatabase, type InstallationRow, withInstallationTables } from "./installation-tables.ts";

/** What an installation is created with. */
export interface NewInstallation {
  readonly organizationId: number;
  readonly projectId: number | null;
  readonly appId: number;
  readonly appVersion: number;
  readonly verifiedUser: string | null;
  readonly now: Date;
}

/** Inserts an active installation with a fresh opaque id and the front desk off (A4). */
export async function insertInstallation(db: Kysely<Database>, input: NewInstallation): Promise<InstallationRow> {
  const at = input.now.toISOString();
  return withInstallationTables(db)
    .insertInto("installations")
    .values({
      id: generateInstallationId(),
      organization_id: input.organizationId,
      project_id: input.projectId,
      app_id: input.appId,
      app_version: input.appVersion,
      front_desk: 0,
      state: "active",
      verified_user: input.verifiedUser,
      created_at: at,
      updated_at: at,
      uninstalled_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** An installation of the organization, or undefined (a malformed id never reaches the database). */
export async function findInstallation(
  db: Kysely<Database>,
  organizationId: number,
  id: string,
): Promise<InstallationRow | undefined> {
  if (!isInstallationId(id)) return undefined;
  return withInstallationTables(db)
    .selectFrom("installations")
    .selectAll()
    .where("id", "=", id)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
}

/** D338: the installations a token of a project reads: its project's and the organization-wide ones. */
const readableBy = (projectId: number) => (eb: ExpressionBuilder<AppsDatabase, "installations">) =>
  eb.or([eb("project_id", "=", projectId), eb("project_id", "is", null)]);

/** The organization's installations, newest first; uninstalled ones too when asked. */
export async function listInstallations(
  db: Kysely<Database>,
  organizationId: number,
  options: { includeUninstalled?: boolean; projectId?: number | undefined } = {},
): Promise<InstallationRow[]> {
  let query = withInstallationTables(db)
    .selectFrom("installations")
    .selectAll()
    .where("organization_id", "=", organizationId);
  if (!options.includeUninstalled) query = query.where("state", "=", "active");
  const { projectId } = options;
  if (projectId !== undefined) {
    query = query.where(readableBy(projectId));
  }
  return query.orderBy("created_at", "desc").orderBy("id").execute();
}

/** One page of the organization's active installations, newest first, with how many there are in all. */
export async function listInstallationPage(
  db: Kysely<Database>,
  scope: { organizationId: number; projectId: number },
  page: { offset: number; limit: number; appId?: number | undefined },
): Promise<{ items: InstallationRow[]; total: number }> {
  const active = withInstallationTables(db)
    .selectFrom("installations")
    .where("organization_id", "=", scope.organizationId)
    .where(readableBy(scope.projectId))
    .where("state", "=", "active")
    .$if(page.appId !== undefined, (query) => query.where("app_id", "=", page.appId ?? 0));
  const [items, counted] = await Promise.all([
    active.selectAll().orderBy("created_at", "desc").orderBy("id").limit(page.limit).offset(page.offset).execute(),
    active.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { items, total: Number(counted.total) };
}

/** Changes an installation's front-desk toggle or state; returns the row as it is now, or undefined. */
export async function updateInstallation(
  db: Kysely<Database>,
  id: string,
  change: { frontDesk?: boolean; uninstall?: boolean; now: Date },
): Promise<InstallationRow | undefined> {
  const at = change.now.toISOString();
  return withInstallationTables(db)
    .updateTable("installations")
    .set({
      updated_at: at,
      ...(change.frontDesk === undefined ? {} : { front_desk: change.frontDesk ? 1 : 0 }),
      ...(change.uninstall ? { state: "uninstalled" as const, uninstalled_at: at } : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/** The ids of Apps with at least one active installation (what health polling watches, A8). */
export async function listInstalledAppIds(db: Kysely<Database>): Promise<number[]> {
  const rows = await withInstallationTables(db)
    .selectFrom("installations")
    .select("app_id")
    .distinct()
    .where("state", "=", "active")
    .execute();
  return rows.map((row) => row.app_id);
}
