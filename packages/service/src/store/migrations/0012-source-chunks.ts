import type { Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, required } from "./column-builders.ts";

/**
 * A12, streamed: a synced file's bytes are written as they arrive, in chunks of a blob that no document names until
 * its page commits (D201); a document names its blob. Rows from before keep their bytes in `content`.
 */
export function sourceChunksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("source_chunks")
        .addColumn("blob_id", "text", required)
        .addColumn("seq", "integer", required)
        .addColumn("installation_id", "text", cascadeTo("installations"))
        .addColumn("bytes", dialect === "sqlite" ? "blob" : "bytea", required)
        .addPrimaryKeyConstraint("source_chunks_pk", ["blob_id", "seq"])
        .execute();
      await db.schema.createIndex("source_chunks_installation").on("source_chunks").column("installation_id").execute();
      await db.schema.alterTable("source_documents").addColumn("blob_id", "text").execute();
      await db.schema.createIndex("source_documents_blob").on("source_documents").column("blob_id").execute();
    },
  };
}
