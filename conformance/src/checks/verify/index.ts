import type { ConformanceCheck } from "../../context.ts";
import { verifyBadCredentials } from "./bad-credentials.ts";
import { verifyGoodCredentials } from "./good-credentials.ts";
import { verifyOutboundGuard } from "./outbound-guard.ts";

/** The `/verify` checks. */
export const verifyChecks: ConformanceCheck[] = [verifyGoodCredentials, verifyBadCredentials, verifyOutboundGuard];
