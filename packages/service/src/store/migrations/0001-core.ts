import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { DialectName } from "../dialect-name.ts";
import { cascadeTo, idColumn, required } from "./column-builders.ts";

/** The core tables: tenancy, tokens, workflows, triggers (all three types), runs and their queue. */
export function coreMigration(dialect: DialectName): Migration {
  const id = idColumn(dialect);
  const ref = (table: string) => (col: ColumnDefinitionBuilder) => col.notNull().references(`${table}.id`);

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("organizations")
        .addColumn("id", "integer", id)
        .addColumn("name", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "text", required)
        .execute();
      await db.schema
        .createTable("projects")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("name", "text", required)
        .addColumn("created_at", "text", required)
        .addUniqueConstraint("projects_organization_name", ["organization_id", "name"])
        .execute();
      await db.schema
        .createTable("workflows")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("project_id", "integer", ref("projects"))
        .addColumn("name", "text", required)
        .addColumn("prompt_for_task_description", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("stages", "text", required)
        .addColumn("callback_url", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .execute();
      await db.schema.createIndex("workflows_project").on("workflows").column("project_id").execute();
      await db.schema
        .createTable("api_tokens")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("project_id", "integer", (col) => col.references("projects.id").onDelete("cascade"))
        .addColumn("workflow_id", "integer", (col) => col.references("workflows.id").onDelete("cascade"))
        .addColumn("name", "text", required)
        .addColumn("token_hash", "text", (col) => col.notNull().unique())
        .addColumn("created_at", "text", required)
        .addColumn("revoked_at", "text")
        .execute();
      await db.schema
        .createTable("triggers")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("workflow_id", "integer", cascadeTo("workflows"))
        .addColumn("type", "text", required)
        .addColumn("name", "text", required)
        .addColumn("enabled", "integer", required)
        .addColumn("fire_count", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("last_fired_at", "text")
        .addColumn("callback_url", "text")
        .addColumn("created_at", "text", required)
        .addColumn("updated_at", "text", required)
        .addColumn("webhook_token_hash", "text", (col) => col.unique())
        .addColumn("webhook_token_enc", "text")
        .addColumn("schedule", "text")
        .addColumn("cron", "text")
        .addColumn("description", "text")
        .addColumn("timezone", "text")
        .addColumn("start_date", "text")
        .addColumn("end_date", "text")
        .addColumn("input_payload", "text")
        .addColumn("next_fire_at", "text")
        .addColumn("app_installation_id", "integer")
        .addColumn("event_type", "text")
        .addColumn("target_stage", "text")
        .addColumn("event_filter", "text")
        .execute();
      await db.schema.createIndex("triggers_workflow").on("triggers").column("workflow_id").execute();
      await db.schema.createIndex("triggers_next_fire_at").on("triggers").column("next_fire_at").execute();
      await db.schema
        .createIndex("triggers_app_event")
        .on("triggers")
        .columns(["app_installation_id", "event_type"])
        .execute();
      await db.schema
        .createTable("sessions")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("created_at", "text", required)
        .execute();
      await db.schema
        .createTable("workflow_runs")
        .addColumn("id", "integer", id)
        .addColumn("organization_id", "integer", cascadeTo("organizations"))
        .addColumn("workflow_id", "integer", cascadeTo("workflows"))
        .addColumn("session_id", "integer", ref("sessions"))
        // No foreign key: a run keeps naming the trigger that started it after the trigger is deleted.
        .addColumn("trigger_id", "integer")
        .addColumn("source", "text", required)
        .addColumn("status", "text", required)
        .addColumn("input_type", "text")
        .addColumn("input", "text")
        .addColumn("start_stage", "text")
        .addColumn("output", "text")
        .addColumn("error", "text")
        .addColumn("attempts", "integer", (col) => col.notNull().defaultTo(0))
        .addColumn("lease_expires_at", "text")
        .addColumn("created_at", "text", required)
        .addColumn("started_at", "text")
        .addColumn("finished_at", "text")
        .execute();
      await db.schema.createIndex("workflow_runs_queue").on("workflow_runs").columns(["status", "id"]).execute();
      await db.schema
        .createTable("trigger_runs")
        .addColumn("id", "integer", id)
        .addColumn("trigger_id", "integer", cascadeTo("triggers"))
        .addColumn("source", "text", required)
        .addColumn("scheduled_for", "text")
        .addColumn("fired_at", "text", required)
        .addColumn("status", "text", required)
        .addColumn("workflow_run_id", "integer", (col) => col.references("workflow_runs.id").onDelete("set null"))
        .addColumn("error", "text")
        // architecture.md#scheduler: one firing per (trigger, slot), so a race or a restart can never fire a slot
        // twice.
        .addUniqueConstraint("trigger_runs_slot", ["trigger_id", "scheduled_for"])
        .execute();
      await db.schema.createIndex("trigger_runs_page").on("trigger_runs").columns(["trigger_id", "id"]).execute();
      await db.schema
        .createTable("run_outputs")
        .addColumn("id", "integer", id)
        .addColumn("workflow_run_id", "integer", cascadeTo("workflow_runs"))
        .addColumn("sequence", "integer", required)
        .addColumn("stage", "text", required)
        .addColumn("data", "text", required)
        .addColumn("emitted_at", "text", required)
        .addUniqueConstraint("run_outputs_sequence", ["workflow_run_id", "sequence"])
        .execute();
      await db.schema
        .createTable("idempotency_keys")
        .addColumn("trigger_id", "integer", cascadeTo("triggers"))
        .addColumn("key", "text", required)
        .addColumn("body_hash", "text", required)
        .addColumn("workflow_run_id", "integer", cascadeTo("workflow_runs"))
        .addColumn("created_at", "text", required)
        .addPrimaryKeyConstraint("idempotency_keys_pk", ["trigger_id", "key"])
        .execute();
    },
  };
}
