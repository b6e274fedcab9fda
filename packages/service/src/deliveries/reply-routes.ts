import type { FeatureRoutes } from "../http/route.ts";
import { listInstallationRepliesRoute } from "./list-installation-replies-route.ts";
import type { RepliesContext } from "./replies-context.ts";
import { resendReplyRoute } from "./resend-reply-route.ts";

/** The front-desk reply routes (D510, D514): one file per route beside this list. */
export const REPLY_ROUTES = {
  "list-installation-replies": listInstallationRepliesRoute,
  "resend-reply": resendReplyRoute,
} satisfies FeatureRoutes<RepliesContext>;
