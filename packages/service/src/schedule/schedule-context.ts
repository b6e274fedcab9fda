import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the schedule routes use; a test of them builds only this. */
export type ScheduleContext = Pick<GroundContext, "now">;
