import type { ConformanceCheck } from "../../context.ts";
import { platformErrorRetryable } from "./platform-error-retryable.ts";
import { reachesPlatform } from "./reaches-platform.ts";
import { rejectsBadCredentials } from "./rejects-bad-credentials.ts";
import { responseShape } from "./response-shape.ts";
import { threadIdHonoured } from "./thread-id-honoured.ts";

/** The `/deliver` checks (apply when the manifest declares `send`). */
export const deliverChecks: ConformanceCheck[] = [
  responseShape,
  reachesPlatform,
  threadIdHonoured,
  rejectsBadCredentials,
  platformErrorRetryable,
];
