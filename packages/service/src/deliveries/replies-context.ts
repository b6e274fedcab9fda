import type { ServiceContext } from "../service-context.ts";

/** The part of the service the reply routes use; a test of them builds only this. */
export type RepliesContext = Pick<ServiceContext, "store" | "now" | "wakeDeliveries">;
