import type { EndpointDef } from "../endpoint.ts";
import { ADMIN_ENDPOINTS } from "./admin-endpoints.ts";
import { APP_ENDPOINTS } from "./app-endpoints.ts";
import { CALLBACK_ENDPOINTS } from "./callback-endpoints.ts";
import { INBOUND_ENDPOINTS } from "./inbound-endpoints.ts";
import { INSTALLATION_ENDPOINTS } from "./installation-endpoints.ts";
import { OAUTH_ENDPOINTS } from "./oauth-endpoints.ts";
import { OUTBOUND_ENDPOINTS } from "./outbound-endpoints.ts";
import { REVIEW_ENDPOINTS } from "./review-endpoints.ts";
import { RUN_ENDPOINTS, RUN_READ_ENDPOINTS } from "./run-endpoints.ts";
import { SKILL_ENDPOINTS } from "./skill-endpoints.ts";
import { SOURCE_ENDPOINTS } from "./source-endpoints.ts";
import { TOOL_SERVER_ENDPOINTS } from "./tool-server-endpoints.ts";
import { SCHEDULE_ENDPOINTS, TRIGGER_ENDPOINTS } from "./trigger-endpoints.ts";
import { UPGRADE_ENDPOINTS } from "./upgrade-endpoints.ts";
import { WORKFLOW_ENDPOINTS } from "./workflow-endpoints.ts";

/** Every endpoint the reference service serves, by id. */
export type ServiceEndpointId = (typeof SERVICE_ENDPOINTS)[number]["id"];

/** The public API of the reference service, one row per endpoint (D13, D14, D16, D25, D27, A1, A3–A5, A9). */
export const SERVICE_ENDPOINTS = [
  ...RUN_ENDPOINTS,
  ...WORKFLOW_ENDPOINTS,
  ...TRIGGER_ENDPOINTS,
  ...RUN_READ_ENDPOINTS,
  ...SCHEDULE_ENDPOINTS,
  ...CALLBACK_ENDPOINTS,
  ...OUTBOUND_ENDPOINTS,
  ...APP_ENDPOINTS,
  ...REVIEW_ENDPOINTS,
  ...UPGRADE_ENDPOINTS,
  ...INSTALLATION_ENDPOINTS,
  ...OAUTH_ENDPOINTS,
  ...INBOUND_ENDPOINTS,
  ...SOURCE_ENDPOINTS,
  ...SKILL_ENDPOINTS,
  ...TOOL_SERVER_ENDPOINTS,
  ...ADMIN_ENDPOINTS,
] as const satisfies readonly EndpointDef[];
