import { ServiceError } from "../errors/service-error.ts";
import type { WorkflowRow } from "../store/index.ts";

/** D23: the exact message of every refused enable. */
export const ENABLE_REFUSED_MESSAGE =
  "This trigger can't be enabled because its workflow asks for a task description before it starts. Turn off 'Prompt for task description' first.";

/** D23: refuses (409) to enable a trigger of a workflow that prompts for a task description. */
export function assertCanEnable(workflow: Pick<WorkflowRow, "prompt_for_task_description">): void {
  if (workflow.prompt_for_task_description === 1) throw new ServiceError("conflict", ENABLE_REFUSED_MESSAGE);
}
