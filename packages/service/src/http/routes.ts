import { APP_ROUTES } from "../apps/app-routes.ts";
import { getCallbackSecretRoute } from "../callbacks/get-callback-secret-route.ts";
import { listCallbacksRoute } from "../callbacks/list-callbacks-route.ts";
import { receiveCallbackRoute } from "../callbacks/receive-callback-route.ts";
import { rotateCallbackSecretRoute } from "../callbacks/rotate-callback-secret-route.ts";
import { CREDENTIAL_ROUTES } from "../credentials/credential-routes.ts";
import { INBOUND_ROUTES } from "../inbound/inbound-routes.ts";
import { INSTALLATION_ROUTES } from "../installations/installation-routes.ts";
import { createMetaRoutes } from "../meta/meta-routes.ts";
import { OAUTH_ROUTES } from "../oauth/oauth-routes.ts";
import {
  getAppFixturesRoute,
  getAppReviewReportRoute,
  getAppReviewRoute,
  listAppReviewsRoute,
  putAppFixturesRoute,
  submitAppRoute,
} from "../reviews/review-routes.ts";
import { RUN_ROUTES } from "../runs/run-routes.ts";
import type { RunWorker } from "../runs/run-worker.ts";
import { SCHEDULE_ROUTES } from "../schedule/schedule-routes.ts";
import {
  createSkillRoute,
  deleteSkillRoute,
  getSkillRoute,
  listSkillsRoute,
  listToolsRoute,
} from "../skills/skill-routes.ts";
import { getDocumentContentRoute, getDocumentRoute, listDocumentsRoute } from "../sources/document-routes.ts";
import {
  configureSourceRoute,
  getSourceRoute,
  getSyncRoute,
  listSyncsRoute,
  syncInstallationRoute,
} from "../sources/source-routes.ts";
import { TENANCY_ROUTES } from "../tenancy/tenancy-routes.ts";
import {
  createToolServerRoute,
  deleteToolServerRoute,
  getToolServerRoute,
  listToolServersRoute,
  refreshToolServerRoute,
} from "../tool-servers/tool-server-routes.ts";
import { TRIGGER_ROUTES } from "../triggers/trigger-routes.ts";
import { WORKFLOW_ROUTES } from "../workflows/workflow-routes.ts";
import type { Route, RouteTable } from "./route.ts";

/** Routes other modules add to the table (the callbacks receiver, later ones). */
export type ExtraRoutes = Partial<{ [K in keyof RouteTable]: Route<K> }>;

/**
 * Every endpoint of the contract's table with its route; a new endpoint in the contract fails to compile here
 * until it is served or explicitly left to another module with null.
 */
export function createRoutes(options: {
  worker?: Pick<RunWorker, "running"> | undefined;
  extra?: ExtraRoutes;
}): RouteTable {
  return {
    ...RUN_ROUTES,
    ...TRIGGER_ROUTES,
    "receive-callback": receiveCallbackRoute,
    ...WORKFLOW_ROUTES,
    ...SCHEDULE_ROUTES,
    "list-callbacks": listCallbacksRoute,
    "get-callback-secret": getCallbackSecretRoute,
    "rotate-callback-secret": rotateCallbackSecretRoute,
    ...APP_ROUTES,
    "submit-app": submitAppRoute,
    "list-app-reviews": listAppReviewsRoute,
    "get-app-review": getAppReviewRoute,
    "get-app-review-report": getAppReviewReportRoute,
    "put-app-fixtures": putAppFixturesRoute,
    "get-app-fixtures": getAppFixturesRoute,
    ...INSTALLATION_ROUTES,
    ...CREDENTIAL_ROUTES,
    ...INBOUND_ROUTES,
    "configure-source": configureSourceRoute,
    "get-source": getSourceRoute,
    "sync-installation": syncInstallationRoute,
    "list-syncs": listSyncsRoute,
    "get-sync": getSyncRoute,
    "list-documents": listDocumentsRoute,
    "get-document": getDocumentRoute,
    "get-document-content": getDocumentContentRoute,
    "list-tools": listToolsRoute,
    "create-skill": createSkillRoute,
    "list-skills": listSkillsRoute,
    "get-skill": getSkillRoute,
    "delete-skill": deleteSkillRoute,
    "create-tool-server": createToolServerRoute,
    "list-tool-servers": listToolServersRoute,
    "get-tool-server": getToolServerRoute,
    "refresh-tool-server": refreshToolServerRoute,
    "delete-tool-server": deleteToolServerRoute,
    ...TENANCY_ROUTES,
    ...OAUTH_ROUTES,
    ...createMetaRoutes(options.worker),
    ...options.extra,
  };
}
