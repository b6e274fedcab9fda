import type { ServiceContext } from "../service-context.ts";

/** The part of the service the inbound routes use; a test of them builds only this. */
export type InboundContext = Pick<
  ServiceContext,
  | "store"
  | "inbound"
  | "inboundCache"
  | "inboundBudgetBytes"
  | "adapterCalls"
  | "logger"
  | "now"
  | "wakeWorker"
  | "wakeDeliveries"
>;
