import type { AdapterEndpointId } from "@adapterkit/contract";
import type { Logger } from "pino";
import type { HealthPollerOptions } from "./adapters/health-poller.ts";
import type { CallbackDispatcherOptions } from "./callbacks/callback-dispatcher.ts";
import type { DeliveryDispatcherOptions } from "./deliveries/delivery-dispatcher.ts";
import type { FrontDesk } from "./front-desk/front-desk.ts";
import type { RateLimit } from "./http/rate-limiter.ts";
import { parseTrustedProxies } from "./http/trusted-proxies.ts";
import type { OAuthRefresherOptions } from "./oauth/oauth-refresher.ts";
import { parseAllowedHosts } from "./outbound/index.ts";
import type { ReviewWorkerOptions } from "./reviews/review-worker.ts";
import type { DeliverStage } from "./runs/reference-executor.ts";
import type { RunEventHandler } from "./runs/run-events.ts";
import type { RunWorkerOptions } from "./runs/run-worker.ts";
import type { WorkflowExecutor } from "./runs/workflow-executor.ts";
import { type SchedulerOptions, schedulerOptionsFromEnv } from "./scheduler/scheduler-options.ts";
import type { ExtraRoutes } from "./server/routes.ts";
import type { SourceSyncerOptions } from "./sources/source-syncer.ts";
import type { SqliteSynchronous } from "./store/index.ts";
import type { ToolServerRefresherOptions } from "./tool-servers/tool-server-refresher.ts";
import type { UpgradeWorkerOptions } from "./upgrades/upgrade-worker.ts";

/** How to build a service; every field is optional and `serviceOptionsFromEnv` reads the usual variables. */
export interface ServiceOptions {
  /** PostgreSQL when set (DATABASE_URL); SQLite in `dataDir` otherwise. */
  readonly databaseUrl?: string | undefined;
  /** ADAPTERKIT_DATA_DIR, default `./data`: the SQLite file and the generated service key. */
  readonly dataDir?: string | undefined;
  /** ADAPTERKIT_SQLITE_SYNCHRONOUS: `full` (default; acknowledged writes survive power loss) or `normal` (D107). */
  readonly sqliteSynchronous?: SqliteSynchronous | undefined;
  /** PostgreSQL schema (tests). */
  readonly schema?: string | undefined;
  /**
   * SQLite only: take the one-instance lock (D28), default true. A tool that only reads or adds a few rows beside a
   * running service (`adapterkit-service callbacks secret`) passes false, with `worker`, `scheduler` and `callbacks` off.
   */
  readonly instanceLock?: boolean | undefined;
  /** ADAPTERKIT_SECRET_KEY: 32 bytes as hex or base64url; generated into the data dir when absent. */
  readonly secretKey?: string | undefined;
  /** ADAPTERKIT_ADMIN_TOKEN: opens the admin API. */
  readonly adminToken?: string | undefined;
  /** ADAPTERKIT_PUBLIC_URL: the base of webhook URLs; the listening address when absent. */
  readonly publicUrl?: string | undefined;
  readonly logger?: Logger | undefined;
  /** LOG_LEVEL when no logger is given; default info. */
  readonly logLevel?: string | undefined;
  /** Runs stages; the reference executor by default. */
  readonly executor?: WorkflowExecutor | undefined;
  /** The reference executor's `deliver` seam (the apps module). */
  readonly deliver?: DeliverStage | undefined;
  /** Called in the transaction of every run event, after the callbacks module has written its outbox row. */
  readonly onRunEvent?: RunEventHandler | undefined;
  /** D25 callback delivery tuning, or false for no dispatcher (the outbox still fills). */
  readonly callbacks?: CallbackDispatcherOptions | false | undefined;
  /** Worker tuning, or false for no worker (runs stay queued). */
  readonly worker?: RunWorkerOptions | false | undefined;
  /** Scheduler tuning (D21 catch-up window: ADAPTERKIT_CATCH_UP_WINDOW seconds), or false for none. */
  readonly scheduler?: SchedulerOptions | false | undefined;
  /** Per-token limit, or false for none. */
  readonly rateLimit?: RateLimit | false | undefined;
  /**
   * D525, ADAPTERKIT_INBOUND_RATE_LIMIT: deliveries a second each installation's inbound URL takes, and its burst,
   * or false for none; `rateLimit` when unset. Past it the platform is answered 429 with Retry-After.
   */
  readonly inboundRateLimit?: RateLimit | false | undefined;
  /**
   * D524, ADAPTERKIT_INBOUND_BUDGET_BYTES: the bytes of event records (message, request, adapter calls) each
   * installation keeps (64 MiB); past it its oldest records are pruned first.
   */
  readonly inboundBudgetBytes?: number | undefined;
  readonly bodyLimitBytes?: number | undefined;
  /** The clock; tests move it. */
  readonly now?: (() => Date) | undefined;
  /** ADAPTERKIT_ALLOWED_HOSTS: hosts (`host` or `host:port`) user-supplied URLs may reach although they are loopback or private (A15). */
  readonly allowedHosts?: readonly string[] | undefined;
  /**
   * ADAPTERKIT_TRUST_PROXY: IP addresses of TLS-terminating proxies in front of the service, whose
   * `X-Forwarded-Proto: https` makes the portal's session cookie Secure (D352). None by default: the header is ignored.
   */
  readonly trustProxy?: readonly string[] | undefined;
  /** The outbound guard's name resolution (tests stub it). */
  readonly lookup?: typeof import("node:dns").lookup | undefined;
  /** D11 adapter time-outs by endpoint, overriding the contract's (tests). */
  readonly adapterTimeouts?: Partial<Record<AdapterEndpointId, number>> | undefined;
  /** A8 health polling, or false for none. */
  readonly healthPolling?: HealthPollerOptions | false | undefined;
  /** A6 background refresh of OAuth tokens (every 60 s by default), or false for none. */
  readonly oauthRefresher?: OAuthRefresherOptions | false | undefined;
  /** A11: the front desk; default the reference one, rendering each installation's Handlebars template. */
  readonly frontDesk?: FrontDesk | undefined;
  /** A11: the dispatcher of front-desk replies; false leaves the outbox alone (as for `worker`). */
  readonly deliveries?: DeliveryDispatcherOptions | false | undefined;
  /**
   * D176: how long the inbound path keeps an installation's rows, credentials and adapter client before reading them
   * again (1000 ms): what another instance's change may take to be seen here. 0 reads them for every event.
   */
  readonly inboundCacheMs?: number | undefined;
  /** A12 source syncs: the interval (15 min), the poll for due sources (30 s), concurrency and file size; false stops the poll. */
  readonly sources?: SourceSyncerOptions | false | undefined;
  /**
   * A13 scheduled refresh of tool servers: `refreshEveryMs` (an hour; false or 0 for none), its poll, lease and
   * concurrency; false stops it (on-demand refreshes still work).
   */
  readonly toolServers?: ToolServerRefresherOptions | false | undefined;
  /** A2 review worker: its poll (5 s), lease, progress throttle and the runner's time-out; false stops it. */
  readonly reviews?: ReviewWorkerOptions | false | undefined;
  /** D581 upgrade worker: its poll (2 s), lease (30 s) and batch size (20); false stops it (jobs wait queued). */
  readonly upgrades?: UpgradeWorkerOptions | false | undefined;
  /** Routes of later modules for endpoints this core leaves unserved. */
  readonly routes?: ExtraRoutes | undefined;
}

function readRateLimit(text: string | undefined, name: string): RateLimit | false | undefined {
  if (text === undefined || text === "") return undefined;
  if (text === "off") return false;
  const [perSecond, burst] = text.split(",").map(Number);
  if (!Number.isFinite(perSecond) || !Number.isFinite(burst) || !perSecond || !burst) {
    throw new Error(`${name} must be "<per second>,<burst>" or "off", not "${text}"`);
  }
  return { perSecond, burst };
}

function readBytes(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === "") return undefined;
  if (!/^[1-9][0-9]{0,15}$/.test(text)) throw new Error(`${name} must be a whole number of bytes, not "${text}"`);
  return Number(text);
}

/** ADAPTERKIT_TOOL_SERVER_REFRESH_MS: the scheduled refresh's interval in ms; 0 or "off" turns it off (D323). */
function readToolServerRefresh(text: string | undefined): ToolServerRefresherOptions | false | undefined {
  if (text === undefined || text === "") return undefined;
  if (text === "off" || text === "0") return false;
  if (!/^[1-9][0-9]{0,12}$/.test(text)) {
    throw new Error(`ADAPTERKIT_TOOL_SERVER_REFRESH_MS must be a number of milliseconds, 0 or "off", not "${text}"`);
  }
  return { refreshEveryMs: Number(text) };
}

function readSynchronous(text: string | undefined): SqliteSynchronous | undefined {
  if (text === undefined || text === "") return undefined;
  const value = text.toLowerCase();
  if (value === "full" || value === "normal") return value;
  throw new Error(`ADAPTERKIT_SQLITE_SYNCHRONOUS must be "full" or "normal", not "${text}"`);
}

/** Reads DATABASE_URL, ADAPTERKIT_DATA_DIR, ADAPTERKIT_SECRET_KEY, ADAPTERKIT_ADMIN_TOKEN, ADAPTERKIT_PUBLIC_URL, ADAPTERKIT_RATE_LIMIT, ADAPTERKIT_INBOUND_RATE_LIMIT, ADAPTERKIT_INBOUND_BUDGET_BYTES, ADAPTERKIT_CATCH_UP_WINDOW, ADAPTERKIT_ALLOWED_HOSTS, ADAPTERKIT_TRUST_PROXY, ADAPTERKIT_SQLITE_SYNCHRONOUS and LOG_LEVEL. */
export function serviceOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): ServiceOptions {
  const blankToUndefined = (value: string | undefined) => (value === "" ? undefined : value);
  return {
    databaseUrl: blankToUndefined(env.DATABASE_URL),
    dataDir: blankToUndefined(env.ADAPTERKIT_DATA_DIR),
    secretKey: blankToUndefined(env.ADAPTERKIT_SECRET_KEY),
    adminToken: blankToUndefined(env.ADAPTERKIT_ADMIN_TOKEN),
    publicUrl: blankToUndefined(env.ADAPTERKIT_PUBLIC_URL),
    rateLimit: readRateLimit(env.ADAPTERKIT_RATE_LIMIT, "ADAPTERKIT_RATE_LIMIT"),
    inboundRateLimit: readRateLimit(env.ADAPTERKIT_INBOUND_RATE_LIMIT, "ADAPTERKIT_INBOUND_RATE_LIMIT"),
    inboundBudgetBytes: readBytes(env.ADAPTERKIT_INBOUND_BUDGET_BYTES, "ADAPTERKIT_INBOUND_BUDGET_BYTES"),
    scheduler: schedulerOptionsFromEnv(env.ADAPTERKIT_CATCH_UP_WINDOW),
    logLevel: blankToUndefined(env.LOG_LEVEL),
    allowedHosts: parseAllowedHosts(env.ADAPTERKIT_ALLOWED_HOSTS),
    trustProxy: parseTrustedProxies(env.ADAPTERKIT_TRUST_PROXY),
    sqliteSynchronous: readSynchronous(env.ADAPTERKIT_SQLITE_SYNCHRONOUS),
    toolServers: readToolServerRefresh(env.ADAPTERKIT_TOOL_SERVER_REFRESH_MS),
  };
}
