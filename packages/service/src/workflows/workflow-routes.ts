import type { FeatureRoutes } from "../http/route.ts";
import { createWorkflowRoute } from "./create-workflow-route.ts";
import { getWorkflowRoute } from "./get-workflow-route.ts";
import { listWorkflowsRoute } from "./list-workflows-route.ts";
import { updateWorkflowRoute } from "./update-workflow-route.ts";
import type { WorkflowsContext } from "./workflows-context.ts";

/** The workflow routes: one file per route beside this list. */
export const WORKFLOW_ROUTES = {
  "list-workflows": listWorkflowsRoute,
  "create-workflow": createWorkflowRoute,
  "get-workflow": getWorkflowRoute,
  "update-workflow": updateWorkflowRoute,
} satisfies FeatureRoutes<WorkflowsContext>;
