import { type Kysely, type Migration, sql } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** Every column of `credentials` but the two this migration adds, in the order 0005 and 0006 made them. */
const COLUMNS = [
  "id",
  "organization_id",
  "key",
  "type",
  "fields_enc",
  "status",
  "expires_at",
  "created_at",
  "updated_at",
  "oauth_token_url",
  "refresh_lease_owner",
  "refresh_lease_until",
] as const;

// biome-ignore lint/suspicious/noExplicitAny: a migration sees the tables as they were, not as the code types them.
type AnyDb = Kysely<any>;

/** SQLite cannot drop a table's unique constraint: the table is made anew with the new one and the rows copied. */
async function rebuildOnSqlite(db: AnyDb, dialect: DialectName) {
  await db.schema
    .createTable("credentials_scoped")
    .addColumn("id", "integer", idColumn(dialect))
    .addColumn("organization_id", "integer", cascadeTo("organizations"))
    .addColumn("key", "text", required)
    .addColumn("type", "text", required)
    .addColumn("fields_enc", "text", required)
    .addColumn("status", "text", (col) => col.notNull().defaultTo("active"))
    .addColumn("expires_at", "text")
    .addColumn("created_at", "text", required)
    .addColumn("updated_at", "text", required)
    .addColumn("oauth_token_url", "text")
    .addColumn("refresh_lease_owner", "text")
    .addColumn("refresh_lease_until", "text")
    .addColumn("publisher_id", "integer", required)
    .addColumn("project_id", "integer", (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint("credentials_scope_key", ["organization_id", "publisher_id", "project_id", "key"])
    .execute();
  const columns = sql.join(COLUMNS.map((name) => sql.ref(name)));
  await sql`insert into credentials_scoped (${columns}, publisher_id, project_id)
    select ${columns}, organization_id, 0 from credentials`.execute(db);
  await db.schema.dropTable("credentials").execute();
  await db.schema.alterTable("credentials_scoped").renameTo("credentials").execute();
  await db.schema.createIndex("credentials_expiring").on("credentials").columns(["status", "expires_at"]).execute();
}

async function alterOnPostgres(db: AnyDb) {
  await db.schema.alterTable("credentials").addColumn("publisher_id", "integer").execute();
  await db.schema
    .alterTable("credentials")
    .addColumn("project_id", "integer", (col) => col.defaultTo(0))
    .execute();
  await sql`update credentials set publisher_id = organization_id, project_id = 0`.execute(db);
  await sql`alter table credentials alter column publisher_id set not null, alter column project_id set not null`.execute(
    db,
  );
  await db.schema.alterTable("credentials").dropConstraint("credentials_key").execute();
  await db.schema
    .alterTable("credentials")
    .addUniqueConstraint("credentials_scope_key", ["organization_id", "publisher_id", "project_id", "key"])
    .execute();
}

/**
 * Every existing installation keeps the values it was using: its publisher's and project's copy of each record its
 * pinned version declares is made from the organization's one record of that key (the sealed fields are bound to
 * the organization and key only, so they copy as they are).
 */
async function copyForInstallations(db: AnyDb) {
  const installations = await db
    .selectFrom("installations as i")
    .innerJoin("apps as a", "a.id", "i.app_id")
    .innerJoin("app_versions as v", (join) =>
      join.onRef("v.app_id", "=", "i.app_id").onRef("v.version", "=", "i.app_version"),
    )
    .select(["i.organization_id", "i.project_id", "a.organization_id as publisher_id", "v.manifest"])
    .execute();
  for (const installation of installations) {
    const manifest = JSON.parse(installation.manifest) as { credentials?: { key: string }[] };
    const projectId = installation.project_id ?? 0;
    for (const { key } of manifest.credentials ?? []) {
      const legacy = await db
        .selectFrom("credentials")
        .selectAll()
        .where("organization_id", "=", installation.organization_id)
        .where("publisher_id", "=", installation.organization_id)
        .where("project_id", "=", 0)
        .where("key", "=", key)
        .executeTakeFirst();
      if (legacy === undefined) continue;
      const { id: _id, ...copy } = legacy;
      await db
        .insertInto("credentials")
        .values({ ...copy, publisher_id: installation.publisher_id, project_id: projectId })
        .onConflict((conflict) =>
          conflict.columns(["organization_id", "publisher_id", "project_id", "key"]).doNothing(),
        )
        .execute();
    }
  }
}

/**
 * A5 revised: a credential record is the organization's for one publisher (the organization that registered the
 * App; 0 for the service's own Skills) and one project (0 for the organization-wide records of installations made
 * without a project), so another publisher's App never receives it. Pending OAuth authorizations remember the
 * project they will store the tokens for.
 */
export function credentialScopeMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const any = db as AnyDb;
      if (dialect === "sqlite") await rebuildOnSqlite(any, dialect);
      else await alterOnPostgres(any);
      await copyForInstallations(any);
      await db.schema.alterTable("oauth_states").addColumn("project_id", "integer").execute();
    },
  };
}
