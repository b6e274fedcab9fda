import type { ServiceEndpointId } from "@adapterkit/contract";
import { APP_ROUTES } from "../apps/app-routes.ts";
import { CALLBACK_ROUTES } from "../callbacks/callback-routes.ts";
import { CREDENTIAL_ROUTES } from "../credentials/credential-routes.ts";
import { REPLY_ROUTES } from "../deliveries/reply-routes.ts";
import type { Route } from "../http/route.ts";
import { INBOUND_ROUTES } from "../inbound/inbound-routes.ts";
import { INSTALLATION_ROUTES } from "../installations/installation-routes.ts";
import { createMetaRoutes } from "../meta/meta-routes.ts";
import { OAUTH_ROUTES } from "../oauth/oauth-routes.ts";
import { oauthCallbackRoute } from "../portal/oauth-callback-route.ts";
import { REVIEW_ROUTES } from "../reviews/review-routes.ts";
import { RUN_ROUTES } from "../runs/run-routes.ts";
import type { RunWorker } from "../runs/run-worker.ts";
import { SCHEDULE_ROUTES } from "../schedule/schedule-routes.ts";
import type { ServiceContext } from "../service-context.ts";
import { SKILL_ROUTES } from "../skills/skill-routes.ts";
import { DOCUMENT_ROUTES } from "../sources/document-routes.ts";
import { SOURCE_ROUTES } from "../sources/source-routes.ts";
import { TENANCY_ROUTES } from "../tenancy/tenancy-routes.ts";
import { TOOL_SERVER_ROUTES } from "../tool-servers/tool-server-routes.ts";
import { TRIGGER_ROUTES } from "../triggers/trigger-routes.ts";
import { UPGRADE_ROUTES } from "../upgrades/upgrade-routes.ts";
import { WORKFLOW_ROUTES } from "../workflows/workflow-routes.ts";

/** Routes other modules add to the table (the callbacks receiver, later ones). */
/** One served endpoint with the whole service context as its default context (the package exports it as `Route`). */
export type ServiceRoute<K extends ServiceEndpointId, C = ServiceContext> = Route<K, C>;

/** Every endpoint of the contract with its route, or null for one another module serves later. */
export type RouteTable = { readonly [K in ServiceEndpointId]: ServiceRoute<K> | null };

export type ExtraRoutes = Partial<{ [K in keyof RouteTable]: ServiceRoute<K> }>;

/**
 * Every endpoint of the contract's table with its route, gathered from the feature folders' lists (each feature's
 * `*-routes.ts`); a new endpoint in the contract fails to compile here until a feature serves it or it is
 * explicitly left to another module with null.
 */
export function createRoutes(options: {
  worker?: Pick<RunWorker, "running"> | undefined;
  extra?: ExtraRoutes;
}): RouteTable {
  return {
    ...RUN_ROUTES,
    ...TRIGGER_ROUTES,
    ...CALLBACK_ROUTES,
    ...WORKFLOW_ROUTES,
    ...SCHEDULE_ROUTES,
    ...APP_ROUTES,
    ...REVIEW_ROUTES,
    ...UPGRADE_ROUTES,
    ...INSTALLATION_ROUTES,
    ...CREDENTIAL_ROUTES,
    ...INBOUND_ROUTES,
    ...REPLY_ROUTES,
    ...SOURCE_ROUTES,
    ...DOCUMENT_ROUTES,
    ...SKILL_ROUTES,
    ...TOOL_SERVER_ROUTES,
    ...TENANCY_ROUTES,
    ...OAUTH_ROUTES,
    "oauth-callback": oauthCallbackRoute,
    ...createMetaRoutes(options.worker),
    ...options.extra,
  };
}
