import { ServiceError } from "../errors/service-error.ts";
import type { Principal } from "./principal.ts";

/** The fields of a workflow that decide who may reach it. */
export interface ScopedWorkflow {
  readonly id: number;
  readonly organization_id: number;
  readonly project_id: number;
}

/**
 * D13 order: a workflow that does not exist or belongs to another organization is a 404; one in the same
 * organization but outside the token's project or workflow is a 403.
 */
export function authorizeWorkflow<W extends ScopedWorkflow>(
  principal: Principal,
  workflow: W | undefined,
  id: number,
): W {
  if (workflow === undefined || workflow.organization_id !== principal.organizationId) {
    throw new ServiceError("not_found", `No workflow ${id} in this organization.`);
  }
  const { scope } = principal;
  const inScope = scope.type === "project" ? workflow.project_id === scope.projectId : workflow.id === scope.workflowId;
  if (!inScope) {
    const where = scope.type === "project" ? `project ${scope.projectId}` : `workflow ${scope.workflowId}`;
    throw new ServiceError("forbidden", `Workflow ${id} is outside this token's scope (${where}).`);
  }
  return workflow;
}

/** The project a principal may create workflows in; workflow-scoped tokens may not create any. */
export function authorizeProject(principal: Principal, projectId: number | undefined): number {
  const { scope } = principal;
  if (scope.type !== "project") {
    throw new ServiceError(
      "forbidden",
      "A workflow-scoped token cannot create workflows or move them between projects.",
    );
  }
  if (projectId !== undefined && projectId !== scope.projectId) {
    throw new ServiceError(
      "forbidden",
      `Project ${projectId} is outside this token's scope (project ${scope.projectId}).`,
    );
  }
  return scope.projectId;
}
