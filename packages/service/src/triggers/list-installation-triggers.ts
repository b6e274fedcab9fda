import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";

/** One app-event trigger of an installation, as the installation's page lists it. */
export interface InstallationTrigger {
  readonly id: number;
  readonly name: string;
  readonly workflowId: number;
  readonly workflowName: string;
  readonly eventType: string;
  readonly targetStage: string;
  readonly enabled: boolean;
  readonly fireCount: number;
}

/** A10: the app-event triggers of an installation on the project's workflows (a project sees only its own). */
export async function listInstallationTriggers(
  db: Kysely<Database>,
  scope: { organizationId: number; projectId: number },
  installationId: string,
): Promise<InstallationTrigger[]> {
  const rows = await db
    .selectFrom("triggers")
    .innerJoin("workflows", "workflows.id", "triggers.workflow_id")
    .select(["triggers.id", "triggers.name", "triggers.workflow_id", "workflows.name as workflow_name"])
    .select(["triggers.event_type", "triggers.target_stage", "triggers.enabled", "triggers.fire_count"])
    .where("triggers.type", "=", "app_event")
    .where("triggers.app_installation_id", "=", installationId)
    .where("triggers.organization_id", "=", scope.organizationId)
    .where("workflows.project_id", "=", scope.projectId)
    .orderBy("triggers.id")
    .limit(200)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    workflowId: row.workflow_id,
    workflowName: row.workflow_name,
    eventType: row.event_type ?? "",
    targetStage: row.target_stage ?? "",
    enabled: Boolean(row.enabled),
    fireCount: row.fire_count,
  }));
}
