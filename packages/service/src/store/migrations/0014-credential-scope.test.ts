import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../../test/helpers/store-lanes.ts";
import { listMigrations } from "../migrate.ts";
import { OwnSchemaPostgresDialect } from "../own-schema-dialect.ts";

const AT = "2026-01-01T00:00:00.000Z";

// biome-ignore lint/suspicious/noExplicitAny: the test writes the tables as migration 0013 left them.
type AnyDb = Kysely<any>;

function connect(location: StoreLocation): AnyDb {
  const { databaseUrl, schema, dataDir } = location.options;
  if (databaseUrl === undefined) {
    return new Kysely({ dialect: new SqliteDialect({ database: new Sqlite(join(dataDir, "migration.sqlite")) }) });
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, options: `-c search_path=${schema}` });
  return new Kysely({ dialect: new OwnSchemaPostgresDialect({ pool }) });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`migration 0014: credentials by publisher and project ${lane.title}`, () => {
    let location: StoreLocation;
    let db: AnyDb;
    const migrator = () => {
      const schema = location.options.schema;
      const provider = { getMigrations: async () => listMigrations(lane.name) };
      return new Migrator({ db, provider, ...(schema === undefined ? {} : { migrationTableSchema: schema }) });
    };

    beforeAll(async () => {
      location = await lane.allocate();
      db = connect(location);
      if (location.options.schema !== undefined)
        await sql`create schema ${sql.id(location.options.schema)}`.execute(db);
      const to0013 = await migrator().migrateTo("0013-tool-server-refresh");
      if (to0013.error !== undefined) throw to0013.error;
      // One organization with two projects, its own App and another publisher's App declaring the same key.
      await db
        .insertInto("organizations")
        .values([
          { id: 1, name: "installer", created_at: AT },
          { id: 2, name: "publisher", created_at: AT },
        ])
        .execute();
      await db
        .insertInto("projects")
        .values([
          { id: 1, organization_id: 1, name: "one", created_at: AT },
          { id: 2, organization_id: 1, name: "two", created_at: AT },
        ])
        .execute();
      const app = (id: number, organization: number) => ({
        id,
        organization_id: organization,
        slug: `app-${id}`,
        base_url: `http://127.0.0.1:1/app-${id}`,
        state: "published",
        latest_version: 1,
        published_version: 1,
        signing_secret_enc: "sealed",
        signing_secret_created_at: AT,
        created_at: AT,
        updated_at: AT,
      });
      await db
        .insertInto("apps")
        .values([app(1, 1), app(2, 2)])
        .execute();
      const manifest = JSON.stringify({ credentials: [{ key: "token", type: "api_key" }] });
      await db
        .insertInto("app_versions")
        .values([
          { app_id: 1, version: 1, manifest, manifest_sha256: "a", created_at: AT },
          { app_id: 2, version: 1, manifest, manifest_sha256: "b", created_at: AT },
        ])
        .execute();
      const installation = (id: string, appId: number, projectId: number | null) => ({
        id,
        organization_id: 1,
        project_id: projectId,
        app_id: appId,
        app_version: 1,
        state: "active",
        created_at: AT,
        updated_at: AT,
      });
      await db
        .insertInto("installations")
        .values([installation("inst_own_org_wide", 1, null), installation("inst_other_in_two", 2, 2)])
        .execute();
      await db
        .insertInto("credentials")
        .values({
          organization_id: 1,
          key: "token",
          type: "api_key",
          fields_enc: '{"value":"sealed-value"}',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      const latest = await migrator().migrateToLatest();
      if (latest.error !== undefined) throw latest.error;
    });
    afterAll(async () => {
      await db?.destroy();
      await location?.dispose();
    });

    it("gives every installation a record of its own publisher and project with the values it used", async () => {
      const rows = await db
        .selectFrom("credentials")
        .select(["organization_id", "publisher_id", "project_id", "key", "fields_enc"])
        .orderBy("publisher_id")
        .execute();
      expect(rows).toEqual([
        { organization_id: 1, publisher_id: 1, project_id: 0, key: "token", fields_enc: '{"value":"sealed-value"}' },
        { organization_id: 1, publisher_id: 2, project_id: 2, key: "token", fields_enc: '{"value":"sealed-value"}' },
      ]);
    });

    it("refuses a second record at the same address and takes one at another publisher's", async () => {
      const row = (publisher: number) => ({
        organization_id: 1,
        publisher_id: publisher,
        project_id: 1,
        key: "token",
        type: "api_key",
        fields_enc: "{}",
        created_at: AT,
        updated_at: AT,
      });
      await db.insertInto("credentials").values(row(1)).execute();
      await db.insertInto("credentials").values(row(2)).execute();
      await expect(db.insertInto("credentials").values(row(1)).execute()).rejects.toThrow();
    });
  });
}
