import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ApiToken, CallbackSecret, Organization } from "@adapterkit/contract";
import type { Logger } from "pino";
import { createHealthPoller, type HealthPoller } from "./adapters/health-poller.ts";
import { type AppAdmin, createAppAdmin } from "./apps/app-admin.ts";
import { loadServiceKeys } from "./auth/load-service-key.ts";
import { type BootstrapOptions, bootstrapDemo, type DemoSetup, ensureDemoTrigger } from "./bootstrap-demo.ts";
import { type CallbackDispatcher, createCallbackDispatcher } from "./callbacks/callback-dispatcher.ts";
import { readCallbackSecrets, rotateCallbackSecret } from "./callbacks/callback-secret.ts";
import { showCallbackSecret } from "./callbacks/show-callback-secret.ts";
import { createCallbackRunEventHandler } from "./callbacks/write-callback.ts";
import { createCallStats } from "./context/call-stats.ts";
import { createLogger } from "./create-logger.ts";
import { createDeliveryDispatcher } from "./deliveries/delivery-dispatcher.ts";
import { createTemplateFrontDesk } from "./front-desk/front-desk.ts";
import { createRateLimiter, DEFAULT_RATE_LIMIT, SIGN_IN_FAILURE_LIMIT } from "./http/rate-limiter.ts";
import { parseTrustedProxies } from "./http/trusted-proxies.ts";
import { createInboundCache } from "./inbound/inbound-cache.ts";
import { createInboundIntake } from "./inbound/inbound-intake.ts";
import { DEFAULT_INBOUND_BUDGET_BYTES } from "./inbound/prune-over-budget.ts";
import { createOAuthRefresher, type OAuthRefresher } from "./oauth/oauth-refresher.ts";
import { createOutboundGuard } from "./outbound/index.ts";
import { createReviewWorker, type ReviewWorker } from "./reviews/index.ts";
import { createReferenceExecutor } from "./runs/reference-executor.ts";
import { createRunWorker, type RunWorker } from "./runs/run-worker.ts";
import { createScheduler, type Scheduler } from "./scheduler/index.ts";
import { createRequestListener } from "./server/create-request-listener.ts";
import { createRoutes } from "./server/routes.ts";
import type { ServiceContext } from "./service-context.ts";
import type { ServiceOptions } from "./service-options.ts";
import { createSourceSyncer, type SourceSyncer } from "./sources/source-syncer.ts";
import type { ClaimLoop } from "./store/claim-loop.ts";
import { openStore, type Store } from "./store/index.ts";
import { type CreateTokenInput, createToken } from "./tenancy/create-token.ts";
import { findOrganization } from "./tenancy/organizations.ts";
import { createToolServerAdmin, type ToolServerAdmin } from "./tool-servers/tool-server-admin.ts";
import { createToolServerRefresher, type ToolServerRefresher } from "./tool-servers/tool-server-refresher.ts";
import { createHookIntake } from "./triggers/hook-intake.ts";
import { createUpgradeWorker } from "./upgrades/upgrade-worker.ts";

/** A running reference service. */
export interface Service {
  /** The base URL once listening, such as `http://127.0.0.1:3000`. */
  readonly url: string;
  readonly store: Store;
  readonly context: ServiceContext;
  readonly worker: RunWorker | undefined;
  /** D25: delivers the callback outbox; undefined with `callbacks: false`. */
  readonly callbacks: CallbackDispatcher | undefined;
  /** Fires schedule triggers when due; undefined with `scheduler: false`. */
  readonly scheduler: Scheduler | undefined;
  /** A8: polls installed Apps' health; undefined with `healthPolling: false`. */
  readonly healthPoller: HealthPoller | undefined;
  /** A6: refreshes OAuth tokens expiring within 15 minutes; undefined with `oauthRefresher: false`. */
  readonly oauthRefresher: OAuthRefresher | undefined;
  /** A12: the sources syncer (its poll runs unless `sources: false`; on-demand syncs always work). */
  readonly sources: SourceSyncer;
  /** A2: runs queued reviews (conformance against the App); undefined with `reviews: false`. */
  readonly reviews: ReviewWorker | undefined;
  /** D581: runs upgrade jobs of installations; undefined with `upgrades: false`. */
  readonly upgrades: ClaimLoop | undefined;
  /** Apps and installations managed locally (the CLI, `npm start`). */
  readonly apps: AppAdmin;
  /** A13: external tool servers managed locally (`npm start` connects its stand-in; `adapterkit-service tool-servers`). */
  readonly toolServers: ToolServerAdmin;
  /** A13: refreshes tool servers' tools every interval (D320); undefined with `toolServers: false` or no interval. */
  readonly toolServerRefresher: ToolServerRefresher | undefined;
  readonly logger: Logger;
  /** Starts serving HTTP; resolves with the base URL. Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops HTTP, hands running runs back to the queue, closes the store. */
  close(): Promise<void>;
  /** Creates an API token (organization and project by name, created when missing). */
  createToken(input: CreateTokenInput): Promise<ApiToken & { token: string }>;
  /** Creates (once) a demo organization, project, workflow and webhook trigger; a token when new or asked (D467). */
  bootstrapDemo(options?: BootstrapOptions): Promise<DemoSetup>;
  /** D466: the demo workflow's one app-event trigger for the chat installation; resolves with its id. */
  ensureDemoTrigger(chatInstallationId: string): Promise<number>;
  /** D25: the organization's callback signing secret (`whsec_…`), created on first use. */
  callbackSecret(organizationId: number): Promise<string>;
  /** D25: the organization's callback secret as the API shows it, created on first use. */
  showCallbackSecret(organizationId: number): Promise<CallbackSecret>;
  /** D25: replaces the organization's callback secret with a fresh one (the old one signs beside it for a day, D103). */
  rotateCallbackSecret(organizationId: number): Promise<CallbackSecret>;
  /** An organization by its (unique) name, or undefined. */
  findOrganization(name: string): Promise<Organization | undefined>;
}

function urlOf(server: Server, host: string | undefined): string {
  const address = server.address() as AddressInfo;
  const shown = host === undefined || host === "0.0.0.0" || host === "::" ? "localhost" : host;
  return `http://${shown.includes(":") ? `[${shown}]` : shown}:${address.port}`;
}

/**
 * Opens the store, starts the run worker and prepares the HTTP server of the reference service.
 *
 * @example
 * const service = await createService(serviceOptionsFromEnv());
 * await service.listen(3000);
 */
export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const logger = options.logger ?? createLogger(options.logLevel);
  const now = options.now ?? (() => new Date());
  const store = await openStore({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir,
    schema: options.schema,
    lock: options.instanceLock,
    sqliteSynchronous: options.sqliteSynchronous,
  });
  let listeningUrl: string | undefined;
  let worker: RunWorker | undefined;
  let callbacks: CallbackDispatcher | undefined;
  let scheduler: Scheduler | undefined;
  let healthPoller: HealthPoller | undefined;
  let oauthRefresher: OAuthRefresher | undefined;
  let deliveries: ClaimLoop | undefined;
  let sourceSyncer: SourceSyncer | undefined;
  let reviewWorker: ReviewWorker | undefined;
  let upgradeWorker: ClaimLoop | undefined;
  let toolServerRefresher: ToolServerRefresher | undefined;
  let outboundClosed: Promise<void> | undefined;
  const outbound = createOutboundGuard({
    allowedHosts: options.allowedHosts ?? [],
    ...(options.lookup === undefined ? {} : { lookup: options.lookup }),
  });
  try {
    const executor = options.executor ?? createReferenceExecutor({ deliver: options.deliver });
    const serviceKeys = loadServiceKeys({ secretKey: options.secretKey, dataDir: store.dataDir });
    const adapterCalls = createCallStats();
    const adapterTimeouts = options.adapterTimeouts ?? {};
    const inboundCache = createInboundCache(
      { store, serviceKeys, outbound, logger, now, adapterCalls, adapterTimeouts },
      { ttlMs: options.inboundCacheMs },
    );
    const frontDesk = options.frontDesk ?? createTemplateFrontDesk();
    const context: ServiceContext = {
      store,
      executor,
      serviceKey: serviceKeys.current,
      serviceKeys,
      adminToken: options.adminToken,
      logger,
      onRunEvent: createCallbackRunEventHandler({ next: options.onRunEvent, wake: () => callbacks?.wake() }),
      hooks: createHookIntake(store.db, { executor, now, logger }),
      outbound,
      adapterCalls,
      adapterTimeouts,
      inboundCache,
      sources: { syncNow: async (id) => sourceSyncer?.syncNow(id), wake: () => sourceSyncer?.wake() },
      reviews: { wake: () => reviewWorker?.wake() },
      upgrades: { wake: () => upgradeWorker?.wake() },
      trustedProxies: new Set(parseTrustedProxies(options.trustProxy?.join(","))),
      signInFailures: createRateLimiter(SIGN_IN_FAILURE_LIMIT, () => now().getTime()),
      now,
      publicUrl: () => options.publicUrl ?? listeningUrl ?? "http://localhost",
      wakeWorker: () => worker?.wake(),
      wakeScheduler: () => scheduler?.wake(),
      frontDesk,
      inbound: createInboundIntake(store.db, { executor, frontDesk, now, logger, candidates: inboundCache.candidates }),
      inboundBudgetBytes: options.inboundBudgetBytes ?? DEFAULT_INBOUND_BUDGET_BYTES,
      wakeDeliveries: () => deliveries?.wake(),
      wakeCallbacks: () => callbacks?.wake(),
    };
    if (options.worker !== false) {
      worker = createRunWorker({ ...context, options: options.worker });
      await worker.start();
    }
    if (options.callbacks !== false) {
      callbacks = createCallbackDispatcher({ ...context, options: options.callbacks });
      callbacks.start();
    }
    if (options.scheduler !== false) {
      scheduler = createScheduler({ ...context, options: options.scheduler });
      scheduler.start();
    }
    if (options.deliveries !== false) {
      deliveries = createDeliveryDispatcher(context, options.deliveries);
      deliveries.start();
    }
    if (options.healthPolling !== false) {
      healthPoller = createHealthPoller(context, options.healthPolling);
      healthPoller.start();
    }
    if (options.oauthRefresher !== false) {
      oauthRefresher = createOAuthRefresher(context, options.oauthRefresher);
      oauthRefresher.start();
    }
    sourceSyncer = createSourceSyncer(context, options.sources || {});
    if (options.sources !== false && options.sources?.poll !== false) sourceSyncer.start();
    if (options.reviews !== false) {
      reviewWorker = createReviewWorker(context, options.reviews);
      reviewWorker.start();
    }
    if (options.upgrades !== false) {
      upgradeWorker = createUpgradeWorker(context, options.upgrades);
      upgradeWorker.start();
    }
    if (options.toolServers !== false) {
      toolServerRefresher = createToolServerRefresher(context, options.toolServers);
      toolServerRefresher?.start();
    }
    const rateLimit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
    // D525: an installation's inbound URL has a limit of its own, the per-token one unless set apart.
    const inboundRateLimit = options.inboundRateLimit ?? rateLimit;
    const listener = createRequestListener(context, {
      routes: createRoutes({ worker, extra: options.routes ?? {} }),
      rateLimiter: rateLimit === false ? undefined : createRateLimiter(rateLimit),
      inboundRateLimiter: inboundRateLimit === false ? undefined : createRateLimiter(inboundRateLimit),
      bodyLimitBytes: options.bodyLimitBytes,
    });
    const server = createServer({ requestTimeout: 30_000, headersTimeout: 10_000 }, listener);
    return {
      get url() {
        if (listeningUrl === undefined) throw new Error("the service is not listening yet; call listen() first");
        return listeningUrl;
      },
      store,
      context,
      worker,
      callbacks,
      scheduler,
      healthPoller,
      oauthRefresher,
      sources: sourceSyncer,
      reviews: reviewWorker,
      upgrades: upgradeWorker,
      apps: createAppAdmin(context),
      toolServers: createToolServerAdmin(context),
      toolServerRefresher,
      logger,
      async listen(port = 0, host) {
        await new Promise<void>((resolve, reject) => {
          server.once("error", reject);
          server.listen(port, host, () => {
            server.off("error", reject);
            resolve();
          });
        });
        listeningUrl = urlOf(server, host);
        logger.info({ url: listeningUrl, database: store.dialect }, "service listening");
        return listeningUrl;
      },
      async close() {
        await new Promise<void>((resolve) => {
          if (!server.listening) return resolve();
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await healthPoller?.stop();
        await oauthRefresher?.stop();
        await sourceSyncer?.stop();
        await reviewWorker?.stop();
        await upgradeWorker?.stop();
        await toolServerRefresher?.stop();
        await scheduler?.stop();
        await worker?.stop();
        await callbacks?.stop();
        await deliveries?.stop();
        // A second close (a test closing early, then its teardown) finds the guard's connections already closed.
        outboundClosed ??= outbound.close();
        await outboundClosed;
        await store.close();
      },
      createToken: (input) => createToken(store.db, input, now()),
      bootstrapDemo: (bootstrap) => bootstrapDemo(context, bootstrap),
      ensureDemoTrigger: (chatInstallationId) => ensureDemoTrigger(context, chatInstallationId),
      callbackSecret: async (organizationId) =>
        (await readCallbackSecrets(store.db, context.serviceKey, organizationId, now())).secret,
      showCallbackSecret: (organizationId) => showCallbackSecret(store.db, context.serviceKey, organizationId, now()),
      async rotateCallbackSecret(organizationId) {
        await rotateCallbackSecret(store.db, context.serviceKey, organizationId, { now: now() });
        return showCallbackSecret(store.db, context.serviceKey, organizationId, now());
      },
      findOrganization: (name) => findOrganization(store.db, name),
    };
  } catch (error) {
    await healthPoller?.stop();
    await oauthRefresher?.stop();
    await sourceSyncer?.stop();
    await reviewWorker?.stop();
    await upgradeWorker?.stop();
    await toolServerRefresher?.stop();
    await outbound.close();
    await scheduler?.stop();
    await worker?.stop();
    await callbacks?.stop();
    await store.close();
    throw error;
  }
}
