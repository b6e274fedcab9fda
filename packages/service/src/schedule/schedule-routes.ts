import type { FeatureRoutes } from "../http/route.ts";
import { previewScheduleRoute } from "./preview-schedule-route.ts";
import type { ScheduleContext } from "./schedule-context.ts";

/** The schedule routes: one file per route beside this list. */
export const SCHEDULE_ROUTES = {
  "preview-schedule": previewScheduleRoute,
} satisfies FeatureRoutes<ScheduleContext>;
