import type { ConformanceCheck } from "../context.ts";
import { deliverChecks } from "./deliver/index.ts";
import { endpointsChecks } from "./endpoints/index.ts";
import { feedbackLoopChecks } from "./feedback-loop/index.ts";
import { formatChecks } from "./format/index.ts";
import { healthChecks } from "./health/index.ts";
import { inboundChecks } from "./inbound/index.ts";
import { manifestChecks } from "./manifest/index.ts";
import { parseInboundChecks } from "./parse-inbound/index.ts";
import { performanceChecks } from "./performance/index.ts";
import { robustnessChecks } from "./robustness/index.ts";
import { securityChecks } from "./security/index.ts";
import { sourcesChecks } from "./sources/index.ts";
import { statelessChecks } from "./stateless/index.ts";
import { verifyChecks } from "./verify/index.ts";
import { verifyWebhookChecks } from "./verify-webhook/index.ts";

/** Every check, in the order groups are reported (architecture.md#check-groups). */
export const ALL_CHECKS: readonly ConformanceCheck[] = [
  ...manifestChecks,
  ...healthChecks,
  ...endpointsChecks,
  ...verifyChecks,
  ...verifyWebhookChecks,
  ...parseInboundChecks,
  ...inboundChecks,
  ...feedbackLoopChecks,
  ...deliverChecks,
  ...formatChecks,
  ...sourcesChecks,
  ...statelessChecks,
  ...robustnessChecks,
  ...securityChecks,
  ...performanceChecks,
];
