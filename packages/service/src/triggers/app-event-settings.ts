import type { EventFilter } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database, WorkflowRow } from "../store/index.ts";
import { readStages } from "../workflows/to-workflow-json.ts";

/** The settings of an app-event trigger (A10), as given in a create or a patch. */
export interface AppEventSettings {
  readonly app_installation_id?: string | undefined;
  readonly event_type?: string | undefined;
  readonly target_stage?: string | undefined;
  readonly event_filter?: EventFilter | null | undefined;
}

function badField(field: string, message: string): ServiceError {
  return new ServiceError("invalid_request", `${field}: ${message}`, {
    errors: [{ path: `/${field}`, message: `${field}: ${message}` }],
  });
}

/** A10: the target stage is one of the workflow's stages (400 naming it otherwise). */
export function checkTargetStage(workflow: Pick<WorkflowRow, "stages">, stage: string): void {
  const names = readStages(workflow).map((s) => s.name);
  if (!names.includes(stage)) {
    throw badField("target_stage", `the workflow has no stage named "${stage}" (it has ${names.join(", ") || "none"})`);
  }
}

/**
 * The `installations` columns checkTriggerInstallation reads. The table is the installations folder's, a district
 * above the triggers (D576), so its columns are named here rather than imported.
 */
type InstallationColumns = {
  installations: { id: string; organization_id: number; project_id: number | null; state: "active" | "uninstalled" };
};

/**
 * A10: the installation is an active one of the workflow's organization, and of the workflow's project when it
 * belongs to one (400 naming the field otherwise: an unknown or foreign id looks the same).
 */
export async function checkTriggerInstallation(
  trx: Kysely<Database>,
  workflow: Pick<WorkflowRow, "organization_id" | "project_id">,
  installationId: string,
): Promise<void> {
  const row = await trx
    .withTables<InstallationColumns>()
    .selectFrom("installations")
    .select(["project_id", "state"])
    .where("id", "=", installationId)
    .where("organization_id", "=", workflow.organization_id)
    .executeTakeFirst();
  if (row === undefined || (row.project_id !== null && row.project_id !== workflow.project_id)) {
    throw badField("app_installation_id", `no installation ${installationId} in this workflow's organization`);
  }
  if (row.state !== "active") throw badField("app_installation_id", `installation ${installationId} is uninstalled`);
}

/** The columns of an app-event trigger's settings that were given, checked against the workflow. */
export async function toAppEventColumns(
  trx: Kysely<Database>,
  workflow: Pick<WorkflowRow, "organization_id" | "project_id" | "stages">,
  settings: AppEventSettings,
) {
  if (settings.app_installation_id !== undefined) {
    await checkTriggerInstallation(trx, workflow, settings.app_installation_id);
  }
  if (settings.target_stage !== undefined) checkTargetStage(workflow, settings.target_stage);
  return {
    ...(settings.app_installation_id === undefined ? {} : { app_installation_id: settings.app_installation_id }),
    ...(settings.event_type === undefined ? {} : { event_type: settings.event_type }),
    ...(settings.target_stage === undefined ? {} : { target_stage: settings.target_stage }),
    ...(settings.event_filter === undefined
      ? {}
      : { event_filter: settings.event_filter === null ? null : JSON.stringify(settings.event_filter) }),
  };
}
