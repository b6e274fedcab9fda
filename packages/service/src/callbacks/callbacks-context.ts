import type { ServiceContext } from "../service-context.ts";

/** The part of the service the callback routes use; a test of them builds only this. */
export type CallbacksContext = Pick<ServiceContext, "store" | "serviceKey" | "now" | "wakeCallbacks">;
