import type { FeatureRoutes } from "../http/route.ts";
import { getWorkflowRunRoute } from "./get-workflow-run-route.ts";
import type { RunsContext } from "./runs-context.ts";
import { triggerRoute } from "./trigger-route.ts";

/** The run routes: one file per route beside this list. */
export const RUN_ROUTES = {
  trigger: triggerRoute,
  "get-workflow-run": getWorkflowRunRoute,
} satisfies FeatureRoutes<RunsContext>;
