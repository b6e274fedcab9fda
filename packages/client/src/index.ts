export type {
  CallResult,
  ClientError,
  ClientFailure,
  ClientFailureKind,
  ClientResult,
  ClientSuccess,
  FetchedFile,
  ReceivedResponse,
  ResponseHeaders,
  SchemaIssue,
  SentRequest,
  StreamedFile,
} from "./client-result.ts";
export {
  ADAPTER_CLIENT_IDLE_MS,
  type AdapterClient,
  type AdapterClientOptions,
  createAdapterClient,
} from "./create-adapter-client.ts";
export { describeFailure } from "./describe-failure.ts";
export type { CallOptions, RequestOptions, SignatureOption } from "./request-options.ts";
export {
  DEFAULT_MAX_RESPONSE_BYTES,
  FETCH_FILE_MAX_RESPONSE_BYTES,
  RESPONSE_BYTE_LIMITS,
} from "./response-limits.ts";
export { type EndpointValues, RESPONSE_SHAPES, TRIGGER_MODE_RESPONSE_SHAPE } from "./response-shapes.ts";
export type { BodySink } from "./send-request.ts";
export { keyObjectCache, type SignatureHeaders, type SignRequestOptions, signRequest } from "./signing.ts";
export { type ShapeValidation, validateShape } from "./validate-shape.ts";
