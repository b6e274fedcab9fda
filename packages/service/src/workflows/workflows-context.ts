import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the workflow routes use; a test of them builds only this. */
export type WorkflowsContext = Pick<GroundContext, "store" | "outbound" | "now">;
