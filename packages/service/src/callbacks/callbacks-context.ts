import type { GroundContext } from "../context/ground-context.ts";

/** The part of the service the callback routes use; a test of them builds only this. */
export type CallbacksContext = Pick<GroundContext, "store" | "serviceKey" | "now" | "wakeCallbacks">;
