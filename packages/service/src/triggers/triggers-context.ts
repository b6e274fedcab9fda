import type { GroundContext } from "../context/ground-context.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { HookIntake } from "./hook-intake.ts";

/** The part of the service the trigger routes use; a test of them builds only this. */
export type TriggersContext = Pick<
  GroundContext,
  "store" | "serviceKey" | "outbound" | "now" | "publicUrl" | "wakeWorker" | "wakeScheduler"
> & { readonly executor: WorkflowExecutor; readonly hooks: HookIntake };
