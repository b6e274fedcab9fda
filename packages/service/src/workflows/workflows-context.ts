import type { ServiceContext } from "../service-context.ts";

/** The part of the service the workflow routes use; a test of them builds only this. */
export type WorkflowsContext = Pick<ServiceContext, "store" | "outbound" | "now">;
