export type { CallbackDispatcher, CallbackDispatcherOptions } from "./callback-dispatcher.ts";
export {
  generateCallbackSecret,
  isCallbackSecret,
  ROTATION_OVERLAP_MS,
  readCallbackSecrets,
  rotateCallbackSecret,
} from "./callback-secret.ts";
export type { CallbackDeliveryStatus } from "./callback-tables.ts";
export { listReceivedCallbacks } from "./list-received-callbacks.ts";
export { CALLBACK_RETRY_DELAYS_MS, CALLBACK_TIMEOUT_MS } from "./retry-schedule.ts";
export { showCallbackSecret } from "./show-callback-secret.ts";
export {
  CALLBACK_SIGNATURE_ERRORS,
  CallbackSignatureError,
  type CallbackSignatureErrorCode,
  isValidCallbackSignature,
  verifyCallbackSignature,
} from "./verify-callback-signature.ts";
