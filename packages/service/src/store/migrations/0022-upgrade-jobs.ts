import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { type ColumnBuilder, cascadeTo, idColumn, required } from "./column-builders.ts";

/** D580: an upgrade as tracked work, its lease (as a review's) and its counts. */
async function upgradeJobs(db: Kysely<unknown>, dialect: DialectName) {
  const zero: ColumnBuilder = (col) => col.notNull().defaultTo(0);
  await db.schema
    .createTable("upgrade_jobs")
    .addColumn("id", "integer", idColumn(dialect))
    .addColumn("app_id", "integer", cascadeTo("apps"))
    .addColumn("organization_id", "integer", required)
    .addColumn("to_version", "integer", required)
    // JSON array of the versions the chosen installations were on.
    .addColumn("from_versions", "text", required)
    .addColumn("share_percent", "integer")
    .addColumn("share_count", "integer")
    .addColumn("requested_by_token_id", "integer")
    .addColumn("requested_by", "text", required)
    .addColumn("state", "text", required)
    .addColumn("cancel_requested", "integer", zero)
    .addColumn("total", "integer", zero)
    .addColumn("done", "integer", zero)
    .addColumn("moved", "integer", zero)
    .addColumn("kept", "integer", zero)
    .addColumn("action_needed", "integer", zero)
    .addColumn("error", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_expires_at", "text")
    .addColumn("attempts", "integer", zero)
    .addColumn("created_at", "text", required)
    .addColumn("started_at", "text")
    .addColumn("finished_at", "text")
    .addColumn("updated_at", "text", required)
    .execute();
  await db.schema.createIndex("upgrade_jobs_app").on("upgrade_jobs").columns(["app_id", "id"]).execute();
  await db.schema.createIndex("upgrade_jobs_state").on("upgrade_jobs").columns(["state", "id"]).execute();
  // One active job per App, held by the database: two starts at the same moment cannot both be queued.
  await sql`create unique index upgrade_jobs_one_active on upgrade_jobs (app_id)
    where state in ('queued', 'running')`.execute(db);
  await db.schema
    .createTable("upgrade_job_items")
    .addColumn("job_id", "integer", cascadeTo("upgrade_jobs"))
    .addColumn("position", "integer", required)
    .addColumn("installation_id", "text", required)
    .addColumn("from_version", "integer", required)
    // moved | kept | action_needed; null until handled.
    .addColumn("outcome", "text")
    .addColumn("reason", "text")
    .addColumn("handled_at", "text")
    .addPrimaryKeyConstraint("upgrade_job_items_pk", ["job_id", "position"])
    .execute();
}

/**
 * D584: the project that registered an App, and the project that made a Skill. Rows made before are given their
 * organization's project when it has exactly one (no other can have made them); otherwise they stay null, which
 * means "any project of the organization" as before. A Skill an installation made takes the installation's project.
 */
async function owningProjects(db: Kysely<unknown>) {
  await db.schema
    .alterTable("apps")
    .addColumn("project_id", "integer", (col) => col.references("projects.id").onDelete("set null"))
    .execute();
  await db.schema
    .alterTable("skills")
    .addColumn("project_id", "integer", (col) => col.references("projects.id").onDelete("cascade"))
    .execute();
  const onlyProject = (table: "apps" | "skills") => sql`
    update ${sql.table(table)} set project_id = (
      select min(p.id) from projects p where p.organization_id = ${sql.ref(`${table}.organization_id`)}
    )
    where project_id is null and (
      select count(*) from projects p where p.organization_id = ${sql.ref(`${table}.organization_id`)}
    ) = 1`;
  await sql`
    update skills set project_id = (select i.project_id from installations i where i.id = skills.installation_id)
    where installation_id is not null`.execute(db);
  await onlyProject("apps").execute(db);
  await onlyProject("skills").execute(db);
}

/** Issue 34: upgrade jobs (D580–D583) and who manages an App and a Skill (D584–D585). */
export function upgradeJobsMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await upgradeJobs(db, dialect);
      await owningProjects(db);
    },
  };
}
