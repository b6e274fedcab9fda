import type { FeatureRoutes } from "../http/route.ts";
import { createTriggerRoute } from "./create-trigger-route.ts";
import { deleteTriggerRoute } from "./delete-trigger-route.ts";
import { disableTriggerRoute } from "./disable-trigger-route.ts";
import { enableTriggerRoute } from "./enable-trigger-route.ts";
import { fireTriggerRoute } from "./fire-trigger-route.ts";
import { getTriggerRoute } from "./get-trigger-route.ts";
import { hookRoute } from "./hook-route.ts";
import { listTriggerRunsRoute } from "./list-trigger-runs-route.ts";
import { listTriggersRoute } from "./list-triggers-route.ts";
import type { TriggersContext } from "./triggers-context.ts";
import { updateTriggerRoute } from "./update-trigger-route.ts";

/** Triggers and their webhook: one file per route beside this list. */
export const TRIGGER_ROUTES = {
  hook: hookRoute,
  "list-triggers": listTriggersRoute,
  "create-trigger": createTriggerRoute,
  "get-trigger": getTriggerRoute,
  "update-trigger": updateTriggerRoute,
  "delete-trigger": deleteTriggerRoute,
  "enable-trigger": enableTriggerRoute,
  "disable-trigger": disableTriggerRoute,
  "fire-trigger": fireTriggerRoute,
  "list-trigger-runs": listTriggerRunsRoute,
} satisfies FeatureRoutes<TriggersContext>;
