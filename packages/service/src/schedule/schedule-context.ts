import type { ServiceContext } from "../service-context.ts";

/** The part of the service the schedule routes use; a test of them builds only this. */
export type ScheduleContext = Pick<ServiceContext, "now">;
