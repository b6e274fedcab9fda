export type {
  AdapterError,
  AdapterErrorCode,
  ChangeEntry,
  DeliverResponse,
  FetchFileJsonResponse,
  FormatResponse,
  HealthResponse,
  InboundMode,
  Issue,
  ListChangesResponse,
  Manifest,
  NormalizedMessage,
  ParseInboundResponse,
  VerifyResponse,
  VerifyWebhookResponse,
} from "@adapterkit/contract/adapter";
export {
  ADAPTER_ENDPOINTS,
  type AdapterEndpointId,
  adapterEndpoint,
  MESSAGE_LIMITS,
} from "@adapterkit/contract/adapter";
export type { CredentialsOf, NoCredentials, OAuth2Credentials } from "./define/credentials-of.ts";
export { type Adapter, AdapterDefinitionError, defineAdapter } from "./define/define-adapter.ts";
export type {
  AdapterDefinition,
  AdapterHandlers,
  AllHandlers,
  ChannelHandlerName,
  DeliverHandler,
  DeliverInput,
  FetchFileHandler,
  FetchFileInput,
  FileBytes,
  FileStream,
  FormatHandler,
  FormatInput,
  Handler,
  HandlerContext,
  ListChangesHandler,
  ListChangesInput,
  ParseInboundHandler,
  ParseInboundInput,
  RequiredHandlerName,
  SourcesHandlers,
  VerifyHandler,
  VerifyInput,
  VerifyWebhookHandler,
  VerifyWebhookInput,
} from "./define/handler-types.ts";
export { defineManifest, type ManifestInput } from "./define/manifest-input.ts";
export { isPlaceholder, notImplemented, type PlaceholderHandler } from "./define/not-implemented.ts";
export { AdapterHttpError, type AdapterHttpErrorOptions } from "./errors/adapter-http-error.ts";
export * from "./helpers/index.ts";
export { createAdapterHandler } from "./http/create-adapter-handler.ts";
export { createLogger } from "./http/create-logger.ts";
export { DEFAULT_BODY_LIMIT } from "./http/read-body.ts";
export { resolveVersion } from "./http/resolve-version.ts";
export { DEFAULT_FILE_LIMIT } from "./http/send-stream.ts";
export {
  ADAPTER_SERVER_KEEP_ALIVE_MS,
  type AdapterServer,
  type AdaptersServer,
  mountAdapters,
  type ServeOptions,
  serve,
} from "./http/serve.ts";
export type { AdapterHandlerOptions } from "./http/settings.ts";
export { type ExpressMiddleware, toExpressRouter } from "./http/to-express-router.ts";
export { rawBodyOf } from "./inbound/raw-body-of.ts";
export * from "./outbound/index.ts";
export * from "./scaffold/index.ts";
