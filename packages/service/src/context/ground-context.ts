import type { AdapterEndpointId } from "@adapterkit/contract";
import type { Logger } from "pino";
import type { ServiceKeys } from "../auth/service-keys.ts";
import type { RateLimiter } from "../http/rate-limiter.ts";
import type { OutboundGuard } from "../outbound/index.ts";
import type { Store } from "../store/index.ts";
import type { CallStats } from "./call-stats.ts";

/**
 * The part of the service's context made of the ground's pieces (D571): the store, keys, the outbound guard, the
 * clock and the wake-up calls. A feature names the part it uses (`Pick<GroundContext, "store" | "now">`) without
 * importing service-context.ts, which stands at the top; ServiceContext extends this with the higher features' ports.
 */
export interface GroundContext {
  readonly store: Store;
  /** D15: the key that seals secrets at rest. */
  readonly serviceKey: Buffer;
  /** D116: the service key ring: `serviceKey` first, then older keys that still open secrets sealed under them. */
  readonly serviceKeys: ServiceKeys;
  /** The admin API's bearer token; the admin API is closed without one. */
  readonly adminToken: string | undefined;
  readonly logger: Logger;
  /** A15: checks every URL the service calls for a user (adapter base URLs, OAuth endpoints). */
  readonly outbound: OutboundGuard;
  /** A7: outcomes and latency of adapter calls per App and endpoint. */
  readonly adapterCalls: CallStats;
  /** D11 time-outs of adapter calls by endpoint, where they differ from the contract's (tests shorten them). */
  readonly adapterTimeouts: Partial<Record<AdapterEndpointId, number>>;
  /** D524: the bytes of event records each installation keeps before its oldest are pruned. */
  readonly inboundBudgetBytes: number;
  /** D352: ADAPTERKIT_TRUST_PROXY, the proxies whose X-Forwarded-Proto makes the portal's cookie Secure. */
  readonly trustedProxies: ReadonlySet<string>;
  /** D292: failed portal sign-ins per client address. */
  readonly signInFailures: RateLimiter;
  /** A2: wakes the review worker for a review just queued. */
  readonly reviews: { wake(): void };
  /** D581: wakes the upgrade worker for a job just queued or asked to cancel. */
  readonly upgrades: { wake(): void };
  now(): Date;
  /** The base URL webhook URLs are built on. */
  publicUrl(): string;
  /** Tells the run worker a run was enqueued. */
  wakeWorker(): void;
  /** Tells the callback dispatcher a callback is in the outbox (a resend, D514). */
  wakeCallbacks(): void;
  /** Tells the delivery dispatcher a reply is in the outbox. */
  wakeDeliveries(): void;
  /** Tells the scheduler a schedule trigger was created, changed or enabled. */
  wakeScheduler(): void;
}

/**
 * D176: the one thing a feature below the inbound pipeline does with its cache: drop it after a change to an
 * installation, its App or credentials. ServiceContext's `inboundCache` satisfies it.
 */
export interface DropsInboundCache {
  readonly inboundCache: { forget(): void };
}
