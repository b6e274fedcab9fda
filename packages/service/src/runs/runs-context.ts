import type { GroundContext } from "../context/ground-context.ts";
import type { WorkflowExecutor } from "./workflow-executor.ts";

/** The part of the service the run routes use; a test of them builds only this. */
export type RunsContext = Pick<GroundContext, "store" | "now" | "wakeWorker"> & { readonly executor: WorkflowExecutor };
