import type { ConformanceCheck } from "../../context.ts";
import { noBleed } from "./no-bleed.ts";
import { orderIndependent } from "./order-independent.ts";

/** The statelessness checks (each runs alone, so its interleaving is its own). */
export const statelessChecks: ConformanceCheck[] = [noBleed, orderIndependent];
