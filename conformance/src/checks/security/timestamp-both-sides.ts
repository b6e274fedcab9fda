import type { ConformanceCheck } from "../../context.ts";
import { outcomeOf } from "../../outcome.ts";
import { freshSignature, nowSeconds, runSignedSteps } from "./signature-sequence.ts";
import { signedCallsApply } from "./signed-probes.ts";

/** Well inside D9's ±300 s: the service's clock may be this far off either way. */
const SKEW_SECONDS = 60;
/** Twice D9's tolerance, ahead of the adapter's clock. */
const FUTURE_SECONDS = 600;

/** D9's ±300 s holds on both sides of now: a minute's skew either way is served, ten minutes ahead is refused. */
export const securityTimestampBothSides: ConformanceCheck = {
  id: "security.timestamp-both-sides",
  group: "security",
  level: "required",
  rationale:
    "D9's tolerance is ±300 s: a call signed 60 s ago or ahead is served, one signed ten minutes ahead is refused with 401.",
  appliesWhen: signedCallsApply,
  run: async (ctx) =>
    outcomeOf(
      await runSignedSteps(ctx, (_valid, body, secret) => [
        {
          what: `a call signed ${SKEW_SECONDS} s ago`,
          expect: "served",
          headers: freshSignature(secret, body, nowSeconds() - SKEW_SECONDS),
        },
        {
          what: `a call signed ${SKEW_SECONDS} s ahead`,
          expect: "served",
          headers: freshSignature(secret, body, nowSeconds() + SKEW_SECONDS),
        },
        {
          what: `a call signed ${FUTURE_SECONDS} s in the future`,
          expect: "refused",
          headers: freshSignature(secret, body, nowSeconds() + FUTURE_SECONDS),
        },
      ]),
    ),
};
