import type { ConformanceCheck } from "../../context.ts";
import { capabilities } from "./capabilities.ts";
import { credentialRules } from "./credential-rules.ts";
import { manifestSchema } from "./manifest-schema.ts";
import { noForbiddenEndpoints } from "./no-forbidden-endpoints.ts";
import { oauthConfig } from "./oauth-config.ts";
import { schemaVersion } from "./schema-version.ts";
import { skillToolsNamed } from "./skill-tools-named.ts";
import { manifestStable } from "./stable.ts";

/** The manifest checks. */
export const manifestChecks: ConformanceCheck[] = [
  manifestSchema,
  schemaVersion,
  capabilities,
  credentialRules,
  oauthConfig,
  skillToolsNamed,
  noForbiddenEndpoints,
  manifestStable,
];
