import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../../test/helpers/store-lanes.ts";
import { isUniqueViolation } from "../is-unique-violation.ts";
import { listMigrations } from "../migrate.ts";
import { OwnSchemaPostgresDialect } from "../own-schema-dialect.ts";

const AT = "2026-01-01T00:00:00.000Z";

// biome-ignore lint/suspicious/noExplicitAny: the test writes the tables as migration 0021 left them.
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
  describe.skipIf(lane.skip)(`migration 0022: the project that manages an App or a Skill (D584) ${lane.title}`, () => {
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
      const to0021 = await migrator().migrateTo("0021-outbound-attempts");
      if (to0021.error !== undefined) throw to0021.error;
      // Organization 1 has one project, organization 2 two: only the first's rows can be given their project.
      await db
        .insertInto("organizations")
        .values([
          { id: 1, name: "single", created_at: AT },
          { id: 2, name: "double", created_at: AT },
        ])
        .execute();
      await db
        .insertInto("projects")
        .values([
          { id: 1, organization_id: 1, name: "main", created_at: AT },
          { id: 2, organization_id: 2, name: "main", created_at: AT },
          { id: 3, organization_id: 2, name: "other", created_at: AT },
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
      await db
        .insertInto("installations")
        .values({
          id: "inst_in_three",
          organization_id: 2,
          project_id: 3,
          app_id: 2,
          app_version: 1,
          state: "active",
          created_at: AT,
          updated_at: AT,
        })
        .execute();
      const skill = (id: number, organization: number, installation: string | null) => ({
        id,
        organization_id: organization,
        ...{ name: `skill-${id}`, description: "", knowledge: "", tool_names: "[]", credential_keys: "[]" },
        ...{ origin: installation === null ? "manual" : "app", installation_id: installation },
        ...{ created_at: AT, updated_at: AT },
      });
      await db
        .insertInto("skills")
        .values([skill(1, 1, null), skill(2, 2, null), skill(3, 2, "inst_in_three")])
        .execute();
      const latest = await migrator().migrateToLatest();
      if (latest.error !== undefined) throw latest.error;
    });
    afterAll(async () => {
      await db?.destroy();
      await location?.dispose();
    });

    it("gives an App its organization's only project, and leaves one of several unknown (any project)", async () => {
      const rows = await db.selectFrom("apps").select(["id", "project_id"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: 1, project_id: 1 },
        { id: 2, project_id: null },
      ]);
    });

    it("gives a Skill its installation's project, else its organization's only one", async () => {
      const rows = await db.selectFrom("skills").select(["id", "project_id"]).orderBy("id").execute();
      expect(rows).toEqual([
        { id: 1, project_id: 1 },
        { id: 2, project_id: null },
        { id: 3, project_id: 3 },
      ]);
    });

    it("adds the upgrade job tables, their items going with their job", async () => {
      const job = await db
        .insertInto("upgrade_jobs")
        .values({
          app_id: 1,
          organization_id: 1,
          to_version: 1,
          from_versions: "[]",
          requested_by: "token 1",
          state: "queued",
          created_at: AT,
          updated_at: AT,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("upgrade_job_items")
        .values({ job_id: job.id, position: 0, installation_id: "inst_in_three", from_version: 1 })
        .execute();
      await db.deleteFrom("upgrade_jobs").where("id", "=", job.id).execute();
      expect(await db.selectFrom("upgrade_job_items").selectAll().execute()).toEqual([]);
    });

    it("holds one queued or running job per App, however many have ended", async () => {
      const job = (app: number, state: string) => ({
        app_id: app,
        organization_id: 1,
        to_version: 1,
        from_versions: "[]",
        requested_by: "token 1",
        state,
        created_at: AT,
        updated_at: AT,
      });
      await db
        .insertInto("upgrade_jobs")
        .values([job(1, "done"), job(1, "cancelled"), job(1, "queued")])
        .execute();
      await expect(db.insertInto("upgrade_jobs").values(job(1, "running")).execute()).rejects.toSatisfy(
        isUniqueViolation,
      );
      await db.insertInto("upgrade_jobs").values(job(2, "running")).execute();
      await db.deleteFrom("upgrade_jobs").execute();
    });
  });
}
