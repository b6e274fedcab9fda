import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** A13: external tool servers (Model Context Protocol), each with the Skill made of its tools. */
export function toolServersMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("tool_servers")
        .addColumn("id", "integer", idColumn(dialect))
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("name", "text", required)
        .addColumn("url", "text", required)
        // The headers sent with every request (Authorization…), sealed as one JSON object (D192); null for none.
        .addColumn("headers_enc", "text")
        .addColumn("skill_id", "integer", (col) => cascadeTo("skills")(col).unique())
        .addColumn("server_name", "text", required)
        // JSON array of { name, description, input_schema } as last listed.
        .addColumn("tools", "text", required)
        .addColumn("created_at", "text", required)
        .addColumn("refreshed_at", "text", required)
        .execute();
      await db.schema
        .createIndex("tool_servers_organization")
        .on("tool_servers")
        .columns(["organization_id", "id"])
        .execute();
    },
  };
}
