import { performance } from "node:perf_hooks";
import { CompiledQuery } from "kysely";
import { appTarget } from "../adapters/app-target.ts";
import { adapterClientFor } from "../adapters/call-adapter.ts";
import { resolveCredentials } from "../adapters/resolve-credentials.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { installationCredentialScope } from "../credentials/credential-scope.ts";
import type { CachedInstallation, InboundCache, InboundCall, OpenInstallation } from "./cached-installation.ts";
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

interface Entry {
  readonly expiresAt: number;
  readonly opened: Promise<CachedInstallation>;
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
 * signing secrets and an adapter client, read once per `ttlMs` instead of five reads and a decryption per event.
 * This instance forgets everything at once after any change it makes (see the request listener and the health
 * poller). On PostgreSQL, where other instances share the database, each event first reads the generation every
 * write to the cached tables moves (D420; one read per tick, not per event) and a moved one forgets everything, so
 * another instance's change is seen at once too. A failed read is not kept. `ttlMs` 0 turns it off.
 *
 * @example
 * const cache = createInboundCache(context, { ttlMs: 1000 });
 * const open = await cache.open(installationId);
 */
export function createInboundCache(context: Context, options: { ttlMs?: number | undefined } = {}): InboundCache {
  const ttlMs = options.ttlMs ?? INBOUND_CACHE_TTL_MS;
  const entries = new Map<string, Entry>();
  const load = async (id: string) => withLazyCall(context, await openInstallation(context, id));
  const cached = (id: string) => {
    const now = performance.now();
    const found = entries.get(id);
    if (found !== undefined && found.expiresAt > now) return found.opened;
    if (found !== undefined) entries.delete(id);
    const opened = load(id);
    const entry = { expiresAt: now + ttlMs, opened };
    entries.set(id, entry);
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    opened.catch(() => {
      if (entries.get(id) === entry) entries.delete(id);
    });
    return opened;
  };
  let seen: string | undefined;
  const readGeneration = oncePerTick(async () => {
    const { rows } = await context.store.db.executeQuery<{ generation: string | number }>(READ_GENERATION);
    const generation = String(rows[0]?.generation);
    if (generation !== seen) {
      entries.clear();
      seen = generation;
    }
  });
  const shared = context.store.dialect === "postgres";
  return {
    open(id, openOptions = {}) {
      if (ttlMs <= 0) return load(id);
      if (!shared || openOptions.checked === true) return cached(id);
      return readGeneration().then(() => cached(id));
    },
    forget: () => entries.clear(),
  };
}
