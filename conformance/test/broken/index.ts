import type { BrokenAdapter } from "../run-against.ts";
import { badJson500 } from "./bad-json-500.ts";
import { capabilityRepeated } from "./capability-repeated.ts";
import { credentialNameCollision } from "./credential-name-collision.ts";
import { credentialsEchoed } from "./credentials-echoed.ts";
import { formatNotImplemented } from "./format-not-implemented.ts";
import { healthStatusOk } from "./health-status-ok.ts";
import { htmlContentType } from "./html-content-type.ts";
import { invalidCategory } from "./invalid-category.ts";
import { mcpEndpoint } from "./mcp-endpoint.ts";
import { missingFields500 } from "./missing-fields-500.ts";
import { oauthWithoutConfig } from "./oauth-without-config.ts";
import { oversizeAccepted } from "./oversize-accepted.ts";
import { parseErrorEchoed } from "./parse-error-echoed.ts";
import { schemaVersion2 } from "./schema-version-2.ts";
import { secretPrefixInError } from "./secret-prefix-in-error.ts";
import { serviceSignatureIgnored } from "./service-signature-ignored.ts";
import { skillToolUnnamed } from "./skill-tool-unnamed.ts";
import { slowHealth } from "./slow-health.ts";
import { slugMismatch } from "./slug-mismatch.ts";
import { stackTraceInError } from "./stack-trace-in-error.ts";
import { stateBleeds } from "./state-bleeds.ts";
import { unknownRouteHtml } from "./unknown-route-html.ts";
import { verify500OnBadCredentials } from "./verify-500-on-bad-credentials.ts";
import { verifyRejectsGood } from "./verify-rejects-good.ts";
import { versionChanges } from "./version-changes.ts";

/** Engineer A's broken adapters: one fault each in the manifest, health, endpoints, verify, robustness, security, statelessness, performance. */
export const BROKEN_ADAPTERS: readonly BrokenAdapter[] = [
  healthStatusOk,
  slugMismatch,
  versionChanges,
  formatNotImplemented,
  unknownRouteHtml,
  htmlContentType,
  invalidCategory,
  schemaVersion2,
  capabilityRepeated,
  credentialNameCollision,
  oauthWithoutConfig,
  skillToolUnnamed,
  mcpEndpoint,
  verifyRejectsGood,
  verify500OnBadCredentials,
  badJson500,
  missingFields500,
  oversizeAccepted,
  stackTraceInError,
  credentialsEchoed,
  parseErrorEchoed,
  secretPrefixInError,
  serviceSignatureIgnored,
  stateBleeds,
  slowHealth,
];
