import { performance } from "node:perf_hooks";
import { CompiledQuery } from "kysely";
import { appTarget } from "../adapters/app-target.ts";
import { adapterClientFor } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import type { CachedInstallation, InboundCache, InboundCall, OpenInstallation } from "./cached-installation.ts";
import { type AppEventCandidates, findAppEventTriggers } from "./match-app-event.ts";
import { openInstallation } from "./open-installation.ts";

export type { CachedInstallation, InboundCache, InboundCall } from "./cached-installation.ts";

/** How long an entry serves before it is read again (what a write outside the service may take to be seen here). */
export const INBOUND_CACHE_TTL_MS = 1000;
const MAX_ENTRIES = 1000;

type Context = Pick<GroundContext, "store" | "serviceKeys" | "outbound" | "logger" | "now" | "adapterTimeouts"> &
  Pick<GroundContext, "adapterCalls">;

const READ_GENERATION = CompiledQuery.raw("select generation from inbound_cache_generation where id = 1");

/**
 * A read shared by every caller of the same tick: it starts once they have all asked (setImmediate), so each one
 * gets a value read after it asked; a caller that comes while the read is in flight waits for the next one.
 */
function oncePerTick<T>(read: () => Promise<T>): () => Promise<T> {
  let next: Promise<T> | undefined;
  return () => {
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      next = undefined;
      return read();
    });
    return next;
  };
}

interface Entry<T> {
  readonly expiresAt: number;
  readonly value: Promise<T>;
}

function withLazyCall(context: Context, open: OpenInstallation): CachedInstallation {
  let call: Promise<InboundCall> | undefined;
  const load = async (): Promise<InboundCall> => {
    const { installation, app, manifest } = open;
    const credentials = await resolveCredentials(context, {
      scope: installationCredentialScope(installation, app),
      definitions: manifest.credentials ?? [],
    });
    const target = appTarget(context, app, {
      organizationId: installation.organization_id,
      projectId: installation.project_id,
    });
    return { credentials, target, client: adapterClientFor(context, target) };
  };
  return {
    ...open,
    call() {
      call ??= load().catch((error: unknown) => {
        call = undefined;
        throw error;
      });
      return call;
    },
  };
}

/**
 * The inbound cache (D176): an installation's row, its App, the pinned manifest, the opened credentials, the
 * signing secrets and an adapter client, read once per `ttlMs` instead of five reads and a decryption per event, and
 * the app-event triggers an event type matches (D634). This instance forgets everything at once after any change it
 * makes (see the request listener and the health poller). On PostgreSQL, where other instances share the database,
 * each event first reads the generation every write to the cached tables moves (D420; one read per tick, not
 * per event) and a moved one forgets everything, so another instance's change is seen at once too. A failed read is
 * not kept. `ttlMs` 0 turns it off.
 *
 * @example
 * const cache = createInboundCache(context, { ttlMs: 1000 });
 * const open = await cache.open(installationId);
 */
export function createInboundCache(context: Context, options: { ttlMs?: number | undefined } = {}): InboundCache {
  const ttlMs = options.ttlMs ?? INBOUND_CACHE_TTL_MS;
  const installations = keptFor<CachedInstallation>(ttlMs);
  const openOne = async (id: string) => withLazyCall(context, await openInstallation(context, id));
  const candidates = keptFor<AppEventCandidates>(ttlMs);
  const forget = () => {
    installations.clear();
    candidates.clear();
  };
  let seen: string | undefined;
  const readGeneration = oncePerTick(async () => {
    const { rows } = await context.store.db.executeQuery<{ generation: string | number }>(READ_GENERATION);
    const generation = String(rows[0]?.generation);
    if (generation !== seen) {
      forget();
      seen = generation;
    }
  });
  const shared = context.store.dialect === "postgres";
  return {
    open(id, openOptions = {}) {
      if (ttlMs <= 0 || !shared || openOptions.checked === true) return installations.get(id, openOne);
      return readGeneration().then(() => installations.get(id, openOne));
    },
    candidates: (db, installationId, eventType) =>
      candidates.get(JSON.stringify([installationId, eventType]), () =>
        findAppEventTriggers(db, installationId, eventType),
      ),
    forget,
  };
}

/**
 * Values read by key and kept for `ttlMs`, at most MAX_ENTRIES, the oldest dropped first; a failed read is not
 * kept. `ttlMs` 0 reads every time.
 */
function keptFor<T>(ttlMs: number) {
  const kept = new Map<string, Entry<T>>();
  return {
    get(key: string, read: (key: string) => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return read(key);
      const now = performance.now();
      const found = kept.get(key);
      if (found !== undefined && found.expiresAt > now) return found.value;
      if (found !== undefined) kept.delete(key);
      const value = read(key);
      const entry = { expiresAt: now + ttlMs, value };
      kept.set(key, entry);
      if (kept.size > MAX_ENTRIES) kept.delete(kept.keys().next().value as string);
      value.catch(() => {
        if (kept.get(key) === entry) kept.delete(key);
      });
      return value;
    },
    clear: () => kept.clear(),
  };
}
