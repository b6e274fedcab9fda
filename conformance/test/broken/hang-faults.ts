import { deliver, deliverOnce } from "../reference/deliver.ts";
import type { ReferenceAdapterOptions } from "../reference-adapter.ts";
import type { BrokenAdapter } from "../run-against.ts";

/** The hang check is slow (D144): it runs named in --only, with a short per-call time-out the adapter fits inside. */
export const HANG_RUN = { only: ["deliver.platform-hang-answered"], timeoutMs: 1_500 };

/** The reference with a platform time-out inside the short one above: a correct adapter for the hang check. */
export const HANG_REFERENCE: ReferenceAdapterOptions = {
  overrides: { deliver: (request) => deliverOnce(request, (given) => deliver(given, 500)) },
};

/** Calls the platform without a time-out: a hanging platform leaves the service waiting until it gives up. */
export const platformWaitedForever: BrokenAdapter = {
  fault: "a hanging platform waited for without a time-out",
  adapter: { overrides: { deliver: (request) => deliver(request, 0) } },
  caughtBy: ["deliver.platform-hang-answered"],
  run: HANG_RUN,
};
