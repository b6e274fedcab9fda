import type { ConformanceCheck } from "../../context.ts";
import { chunkedOversize } from "./chunked-oversize.ts";
import { malformedJson } from "./malformed-json.ts";
import { missingFields } from "./missing-fields.ts";
import { noCredentialsEchoed } from "./no-credentials-echoed.ts";
import { noStackTraces } from "./no-stack-traces.ts";
import { oversizeBody } from "./oversize-body.ts";
import { unicodeEdgeCases } from "./unicode-edge-cases.ts";
import { wrongTypes } from "./wrong-types.ts";

/** The robustness checks: bad input gets a clear 4xx, never a 500, a stack trace or an echoed secret. */
export const robustnessChecks: ConformanceCheck[] = [
  malformedJson,
  missingFields,
  wrongTypes,
  oversizeBody,
  noStackTraces,
  noCredentialsEchoed,
  chunkedOversize,
  unicodeEdgeCases,
];
