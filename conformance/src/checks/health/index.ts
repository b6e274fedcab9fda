import type { ConformanceCheck } from "../../context.ts";
import { healthAdapterSlug } from "./adapter-slug.ts";
import { healthStatus2xx } from "./status-2xx.ts";
import { healthStatusReady } from "./status-ready.ts";
import { healthVersionStable } from "./version-stable.ts";

/** The health checks. */
export const healthChecks: ConformanceCheck[] = [
  healthStatus2xx,
  healthStatusReady,
  healthVersionStable,
  healthAdapterSlug,
];
