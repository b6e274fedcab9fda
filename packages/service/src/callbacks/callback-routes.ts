import type { FeatureRoutes } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { getCallbackSecretRoute } from "./get-callback-secret-route.ts";
import { listCallbacksRoute } from "./list-callbacks-route.ts";
import { receiveCallbackRoute } from "./receive-callback-route.ts";
import { rotateCallbackSecretRoute } from "./rotate-callback-secret-route.ts";

/** The callback routes: one file per route beside this list. */
export const CALLBACK_ROUTES = {
  "receive-callback": receiveCallbackRoute,
  "list-callbacks": listCallbacksRoute,
  "get-callback-secret": getCallbackSecretRoute,
  "rotate-callback-secret": rotateCallbackSecretRoute,
} satisfies FeatureRoutes<CallbacksContext>;
