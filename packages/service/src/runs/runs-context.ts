import type { ServiceContext } from "../service-context.ts";

/** The part of the service the run routes use; a test of them builds only this. */
export type RunsContext = Pick<ServiceContext, "store" | "executor" | "now" | "wakeWorker">;
