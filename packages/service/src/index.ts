// The reference workflow service core: one entry point plus what a CLI and later modules need.

export type { AppAdmin, LocalActor } from "./apps/app-admin.ts";
export type { DemoAdapter, DemoInstallOptions } from "./apps/install-demo-apps.ts";
export {
  loadServiceKey,
  loadServiceKeys,
  parseServiceKey,
  parseServiceKeys,
  SERVICE_KEY_FILE,
} from "./auth/load-service-key.ts";
export type { Principal, TokenScope } from "./auth/principal.ts";
export { decryptSecret, encryptSecret } from "./auth/secret-box.ts";
export { keyIdOf, type ServiceKeys, toServiceKeys } from "./auth/service-keys.ts";
export type { BootstrapOptions, DemoSetup } from "./bootstrap-demo.ts";
export * from "./callbacks/index.ts";
export { createLogger } from "./create-logger.ts";
export { createService, type Service } from "./create-service.ts";
export type { CredentialInput } from "./credentials/read-credential-input.ts";
export { isServiceError, ServiceError } from "./errors/service-error.ts";
export { findRunningDemo, type RunningDemo } from "./find-running-demo.ts";
export { DEFAULT_RATE_LIMIT, type RateLimit } from "./http/rate-limiter.ts";
export { BODY_LIMIT_BYTES } from "./http/read-body.ts";
export type { HandlerInput, HandlerResult } from "./http/route.ts";
export type { ResealCount } from "./key-rotation/reseal-secrets.ts";
export {
  type RotatedServiceKey,
  type RotateServiceKeyOptions,
  rotateServiceKey,
} from "./key-rotation/rotate-service-key.ts";
export * from "./outbound/index.ts";
export {
  BUILT_IN_ACTIONS,
  createReferenceExecutor,
  type DeliverStage,
  type ExecutableRun,
  type ExecutableWorkflow,
  type ExecutionContext,
  type ExecutionResult,
  type RunEvent,
  type RunEventHandler,
  type RunInput,
  type WorkflowExecutor,
} from "./runs/index.ts";
export {
  DEFAULT_CATCH_UP_WINDOW_MS,
  type FiringTally,
  MAX_MISSED_RECORDS,
  type Scheduler,
  type SchedulerOptions,
} from "./scheduler/index.ts";
export type { ExtraRoutes, RouteTable, ServiceRoute as Route } from "./server/routes.ts";
export type { ServiceContext } from "./service-context.ts";
export { type ServiceOptions, serviceOptionsFromEnv } from "./service-options.ts";
export type { Database } from "./store/index.ts";
export { openStore, type SqliteSynchronous, type Store, type StoreOptions } from "./store/index.ts";
export { type CreateTokenInput, createToken } from "./tenancy/create-token.ts";
export {
  STAND_IN_TOOLS,
  type StandInTool,
  startToolServerStandIn,
  type ToolServerStandIn,
} from "./tool-servers/stand-in-tool-server.ts";
export type { ToolServerAdmin } from "./tool-servers/tool-server-admin.ts";
export type { ToolServerRefresher, ToolServerRefresherOptions } from "./tool-servers/tool-server-refresher.ts";
export { ENABLE_REFUSED_MESSAGE, type HookIntake, type HookRequest, type HookResult } from "./triggers/index.ts";
