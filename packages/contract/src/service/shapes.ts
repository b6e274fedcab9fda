import type { z } from "zod";
import {
  apiTokenCreateSchema,
  apiTokenSchema,
  organizationCreateSchema,
  organizationSchema,
  projectCreateSchema,
  projectSchema,
} from "./admin.ts";
import {
  appListSchema,
  appPreviewSchema,
  appRegisterSchema,
  appReviewSchema,
  appSchema,
  appSigningSecretSchema,
} from "./app.ts";
import { callbackEnvelopeSchema } from "./callback.ts";
import { callbackSecretSchema } from "./callback-secret.ts";
import { serviceHealthSchema } from "./health.ts";
import {
  inboundEventDetailSchema,
  inboundEventPageSchema,
  inboundEventSchema,
  inboundReplaySchema,
} from "./inbound-event.ts";
import {
  credentialListSchema,
  installationCreateSchema,
  installationCredentialsSchema,
  installationListSchema,
  installationPatchSchema,
  installationSchema,
} from "./installation.ts";
import { oauthAuthorizationSchema, oauthConnectedSchema, oauthConnectRequestSchema } from "./oauth.ts";
import { problemSchema } from "./problem.ts";
import { receivedCallbackPageSchema, receivedCallbackSchema } from "./received-callback.ts";
import { schedulePreviewRequestSchema, schedulePreviewResponseSchema } from "./schedule-preview.ts";
import { eventFilterSchema, triggerListSchema, triggerSchema } from "./trigger.ts";
import { triggerCreateSchema, triggerPatchSchema } from "./trigger-body.ts";
import { hookResponseSchema, triggerRequestSchema, triggerResponseSchema } from "./trigger-request.ts";
import { triggerRunPageSchema, triggerRunSchema } from "./trigger-run.ts";
import {
  stageSchema,
  workflowCreateSchema,
  workflowListSchema,
  workflowPatchSchema,
  workflowSchema,
} from "./workflow.ts";
import { workflowRunSchema } from "./workflow-run.ts";

/** Every wire shape of the public API by kebab-case name; `schemas/<name>.schema.json` is generated from each. */
export const SERVICE_SHAPES = {
  problem: problemSchema,
  "trigger-request": triggerRequestSchema,
  "trigger-response": triggerResponseSchema,
  "hook-response": hookResponseSchema,
  stage: stageSchema,
  workflow: workflowSchema,
  "workflow-create": workflowCreateSchema,
  "workflow-patch": workflowPatchSchema,
  "workflow-list": workflowListSchema,
  "workflow-run": workflowRunSchema,
  trigger: triggerSchema,
  "trigger-list": triggerListSchema,
  "trigger-create": triggerCreateSchema,
  "trigger-patch": triggerPatchSchema,
  "event-filter": eventFilterSchema,
  "trigger-run": triggerRunSchema,
  "trigger-run-page": triggerRunPageSchema,
  "schedule-preview-request": schedulePreviewRequestSchema,
  "schedule-preview-response": schedulePreviewResponseSchema,
  "callback-envelope": callbackEnvelopeSchema,
  "received-callback": receivedCallbackSchema,
  "received-callback-page": receivedCallbackPageSchema,
  "callback-secret": callbackSecretSchema,
  organization: organizationSchema,
  "organization-create": organizationCreateSchema,
  project: projectSchema,
  "project-create": projectCreateSchema,
  "api-token": apiTokenSchema,
  "api-token-create": apiTokenCreateSchema,
  "service-health": serviceHealthSchema,
  app: appSchema,
  "app-list": appListSchema,
  "app-preview": appPreviewSchema,
  "app-register": appRegisterSchema,
  "app-review": appReviewSchema,
  "app-signing-secret": appSigningSecretSchema,
  installation: installationSchema,
  "installation-list": installationListSchema,
  "installation-create": installationCreateSchema,
  "installation-patch": installationPatchSchema,
  "installation-credentials": installationCredentialsSchema,
  "credential-list": credentialListSchema,
  "oauth-connect-request": oauthConnectRequestSchema,
  "oauth-authorization": oauthAuthorizationSchema,
  "oauth-connected": oauthConnectedSchema,
  "inbound-event": inboundEventSchema,
  "inbound-event-page": inboundEventPageSchema,
  "inbound-event-detail": inboundEventDetailSchema,
  "inbound-replay": inboundReplaySchema,
} as const satisfies Record<string, z.ZodType>;

export type ServiceShapeName = keyof typeof SERVICE_SHAPES;
