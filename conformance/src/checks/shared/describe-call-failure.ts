import { type ClientFailure, describeFailure } from "@adapterkit/client";
import type { ConformanceContext } from "../../context.ts";

/** What the runner adds to a 401 answered to an unsigned call: the adapter checks the service's signature (D9). */
export const SIGNING_ENFORCED_HINT =
  "the adapter enforces the service's signature (D9) and this run sends none (no webhook-id): run again with " +
  "--signing-secret whsec_… (or ADAPTER_SIGNING_SECRET) set to the secret the adapter is served with";

/**
 * {@link describeFailure} of a call, plus why a 401 came back when the run has no signing secret: every call then
 * goes out without the webhook-id, webhook-timestamp and webhook-signature headers an enforcing adapter requires.
 */
export function describeCallFailure(ctx: Pick<ConformanceContext, "signingSecret">, failure: ClientFailure): string {
  const described = describeFailure(failure);
  const unsignedRefusal = failure.kind === "http_status" && failure.status === 401 && ctx.signingSecret === undefined;
  return unsignedRefusal ? `${described} (${SIGNING_ENFORCED_HINT})` : described;
}
