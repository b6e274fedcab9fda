import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** A2: conformance reviews of Apps (progress, counts, report, lease) and each App's conformance fixtures file. */
export function reviewsMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const zero = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(0);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("reviews")
        .addColumn("id", "integer", id)
        .addColumn("app_id", "integer", cascadeTo("apps"))
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("app_version", "integer", required)
        .addColumn("state", "text", required)
        .addColumn("checks_done", "integer", zero)
        .addColumn("checks_total", "integer", zero)
        .addColumn("passed", "integer", zero)
        .addColumn("failed", "integer", zero)
        .addColumn("not_applicable", "integer", zero)
        // The runner's JSON report (redacted by the runner); JUnit and HTML are rendered from it on demand.
        .addColumn("report", "text")
        .addColumn("error", "text")
        .addColumn("lease_owner", "text")
        .addColumn("lease_expires_at", "text")
        .addColumn("attempts", "integer", zero)
        .addColumn("created_at", "text", required)
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        .addColumn("updated_at", "text", required)
        .execute();
      await db.schema.createIndex("reviews_app").on("reviews").columns(["app_id", "id"]).execute();
      await db.schema.createIndex("reviews_state").on("reviews").columns(["state", "id"]).execute();
      await db.schema
        .createTable("app_fixtures")
        .addColumn("app_id", "integer", (col) => col.primaryKey().references("apps.id").onDelete("cascade"))
        // The uploaded text sealed with the service key: fixtures carry credentials for /verify (D15).
        .addColumn("text_enc", "text", required)
        .addColumn("sha256", "text", required)
        .addColumn("bytes", "integer", required)
        .addColumn("updated_at", "text", required)
        .execute();
    },
  };
}
