import { ServiceError } from "../errors/service-error.ts";
import type { WorkflowRow } from "../store/index.ts";
import { readStages } from "../workflows/to-workflow-json.ts";
import type { ExecutableWorkflow, WorkflowExecutor } from "./workflow-executor.ts";

/** The executor's view of a workflow row. */
export function toExecutableWorkflow(row: Pick<WorkflowRow, "id" | "name" | "stages">): ExecutableWorkflow {
  return { id: row.id, name: row.name, stages: readStages(row) };
}

/** Why a workflow cannot start now, or null; the 422 "workflow failed to start" of contract.md#public-trigger-api. */
export function whyNotStartable(
  workflow: WorkflowRow,
  executor: WorkflowExecutor,
  startStage: string | null = null,
): string | null {
  if (workflow.prompt_for_task_description === 1) {
    return `Workflow ${workflow.id} asks for a task description before it starts ('Prompt for task description' is on), and this request cannot supply one.`;
  }
  return executor.check(toExecutableWorkflow(workflow), startStage);
}

/** Throws the 422 when the workflow cannot start. */
export function assertStartable(
  workflow: WorkflowRow,
  executor: WorkflowExecutor,
  startStage: string | null = null,
): void {
  const reason = whyNotStartable(workflow, executor, startStage);
  if (reason !== null) throw new ServiceError("workflow_not_startable", reason);
}
