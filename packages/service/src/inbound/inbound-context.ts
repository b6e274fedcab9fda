import type { GroundContext } from "../context/ground-context.ts";
import type { InboundCache } from "./cached-installation.ts";
import type { InboundIntake } from "./inbound-intake.ts";

/** The inbound pipeline's ports in the service context: its cache of installations and its intake (D176, D177). */
export interface InboundPorts {
  readonly inbound: InboundIntake;
  readonly inboundCache: InboundCache;
}

/** The part of the service the inbound routes use; a test of them builds only this. */
export type InboundContext = Pick<
  GroundContext,
  "store" | "inboundBudgetBytes" | "adapterCalls" | "logger" | "now" | "wakeWorker" | "wakeDeliveries"
> &
  InboundPorts;
