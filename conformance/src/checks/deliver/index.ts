import type { ConformanceCheck } from "../../context.ts";
import { emptyAndLargeText } from "./empty-and-large-text.ts";
import { errorsLeakNothing } from "./errors-leak-nothing.ts";
import { idempotencyKeyReplayed } from "./idempotency-key-replayed.ts";
import { messageIdsDistinct } from "./message-ids-distinct.ts";
import { onePlatformRequest } from "./one-platform-request.ts";
import { deliverOutboundGuard } from "./outbound-guard.ts";
import { platform4xxNotRetryable } from "./platform-4xx-not-retryable.ts";
import { platform429Retryable } from "./platform-429-retryable.ts";
import { platformErrorRetryable } from "./platform-error-retryable.ts";
import { platformHangAnswered } from "./platform-hang-answered.ts";
import { reachesPlatform } from "./reaches-platform.ts";
import { rejectsBadCredentials } from "./rejects-bad-credentials.ts";
import { responseShape } from "./response-shape.ts";
import { threadIdExact } from "./thread-id-exact.ts";
import { threadIdHonoured } from "./thread-id-honoured.ts";

/** The `/deliver` checks (apply when the manifest declares `send`). */
export const deliverChecks: ConformanceCheck[] = [
  responseShape,
  reachesPlatform,
  threadIdHonoured,
  rejectsBadCredentials,
  platformErrorRetryable,
  platform4xxNotRetryable,
  platform429Retryable,
  onePlatformRequest,
  messageIdsDistinct,
  threadIdExact,
  emptyAndLargeText,
  errorsLeakNothing,
  platformHangAnswered,
  deliverOutboundGuard,
  idempotencyKeyReplayed,
];
