import type { AdapterEndpointId } from "@adapterkit/contract";
import type { Logger } from "pino";
import type { CallStats } from "./adapters/call-stats.ts";
import type { ServiceKeys } from "./auth/service-keys.ts";
import type { FrontDesk } from "./front-desk/front-desk.ts";
import type { RateLimiter } from "./http/rate-limiter.ts";
import type { InboundCache } from "./inbound/cached-installation.ts";
import type { InboundIntake } from "./inbound/inbound-intake.ts";
import type { OutboundGuard } from "./outbound/index.ts";
import type { RunEventHandler } from "./runs/run-events.ts";
import type { WorkflowExecutor } from "./runs/workflow-executor.ts";
import type { SyncOnDemand } from "./sources/sync-on-demand.ts";
import type { Store } from "./store/index.ts";
import type { HookIntake } from "./triggers/hook-intake.ts";

/**
 * Everything a handler may use; built once by createService. A feature names the part it uses
 * (`Pick<ServiceContext, …>`, e.g. `TriggersContext`); this file imports only types from files that never import it
 * back, so no import cycle runs through it (`node scripts/import-cycles.mjs`).
 */
export interface ServiceContext {
  readonly store: Store;
  readonly executor: WorkflowExecutor;
  /** D15: the key that seals secrets at rest. */
  readonly serviceKey: Buffer;
  /** D116: the service key ring: `serviceKey` first, then older keys that still open secrets sealed under them. */
  readonly serviceKeys: ServiceKeys;
  /** The admin API's bearer token; the admin API is closed without one. */
  readonly adminToken: string | undefined;
  readonly logger: Logger;
  readonly onRunEvent: RunEventHandler;
  /** Where the hook endpoint hands its requests (concurrent ones are accepted together). */
  readonly hooks: HookIntake;
  /** A15: checks every URL the service calls for a user (adapter base URLs, OAuth endpoints). */
  readonly outbound: OutboundGuard;
  /** A7: outcomes and latency of adapter calls per App and endpoint. */
  readonly adapterCalls: CallStats;
  /** D11 time-outs of adapter calls by endpoint, where they differ from the contract's (tests shorten them). */
  readonly adapterTimeouts: Partial<Record<AdapterEndpointId, number>>;
  /** A11: turns a message to the front desk into a reply (the reference one renders a Handlebars template). */
  readonly frontDesk: FrontDesk;
  /** D176: installations, Apps, credentials and adapter clients of the inbound path, kept for a moment. */
  readonly inboundCache: InboundCache;
  /** Where the inbound pipeline routes verified messages (concurrent ones together, D177). */
  readonly inbound: InboundIntake;
  /** D524: the bytes of event records each installation keeps before its oldest are pruned. */
  readonly inboundBudgetBytes: number;
  /** A12: starts a source's sync on demand (undefined when one is running); wakes the poll for a source just set. */
  readonly sources: SyncOnDemand;
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
