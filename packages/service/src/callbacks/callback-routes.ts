import type { FeatureRoutes } from "../http/route.ts";
import type { CallbacksContext } from "./callbacks-context.ts";
import { getCallbackDeliveryRoute } from "./get-callback-delivery-route.ts";
import { getCallbackSecretRoute } from "./get-callback-secret-route.ts";
import { listCallbacksRoute } from "./list-callbacks-route.ts";
import { listRunCallbacksRoute } from "./list-run-callbacks-route.ts";
import { receiveCallbackRoute } from "./receive-callback-route.ts";
import { resendCallbackRoute } from "./resend-callback-route.ts";
import { rotateCallbackSecretRoute } from "./rotate-callback-secret-route.ts";

/** The callback routes: one file per route beside this list. */
export const CALLBACK_ROUTES = {
  "receive-callback": receiveCallbackRoute,
  "list-callbacks": listCallbacksRoute,
  "get-callback-secret": getCallbackSecretRoute,
  "rotate-callback-secret": rotateCallbackSecretRoute,
  "list-run-callbacks": listRunCallbacksRoute,
  "get-callback-delivery": getCallbackDeliveryRoute,
  "resend-callback-delivery": resendCallbackRoute,
} satisfies FeatureRoutes<CallbacksContext>;
