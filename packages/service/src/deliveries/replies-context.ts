import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the reply routes use; a test of them builds only this. */
export type RepliesContext = Pick<GroundContext, "store" | "now" | "wakeDeliveries">;
