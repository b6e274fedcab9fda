import type { ServiceContext } from "../service-context.ts";

/** The part of the service the trigger routes use; a test of them builds only this. */
export type TriggersContext = Pick<
  ServiceContext,
  "store" | "executor" | "serviceKey" | "outbound" | "hooks" | "now" | "publicUrl" | "wakeWorker" | "wakeScheduler"
>;
