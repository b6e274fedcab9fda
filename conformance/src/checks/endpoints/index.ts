import type { ConformanceCheck } from "../../context.ts";
import { jsonContentType } from "./json-content-type.ts";
import { otherMethodsRefused } from "./other-methods-refused.ts";
import { requiredImplemented } from "./required-implemented.ts";
import { unknownRoute } from "./unknown-route.ts";

/** The endpoint-matrix checks. */
export const endpointsChecks: ConformanceCheck[] = [
  requiredImplemented,
  unknownRoute,
  jsonContentType,
  otherMethodsRefused,
];
