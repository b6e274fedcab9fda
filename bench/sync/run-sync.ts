import type { SourceSyncJson } from "@adapterkit/contract";
import { memoryOf } from "./proc-stats.ts";

/** The service child as the parent drives it. */
export interface ServiceHandle {
  readonly base: string;
  readonly token: string;
  readonly installationId: string;
  readonly pid: number;
}

/** A sync as measured: its record, how long it took, and the service's resident set along the way. */
export interface SyncSample {
  readonly sync: SourceSyncJson;
  readonly seconds: number;
  /** RSS (MiB) when 1,000 files had arrived, when all had, after the commit, and the most seen. */
  readonly rss: { at1000: number; atAll: number; after: number; most: number };
}

const POLL_MS = 100;

async function api(service: ServiceHandle, path: string, method = "GET", json?: unknown): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${service.token}` };
  if (json !== undefined) headers["content-type"] = "application/json";
  return fetch(`${service.base}/api/v1/installations/${service.installationId}${path}`, {
    method,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
}

/** Starts the source over (every document deleted, cursor cleared), outside the measured time. */
export async function resetSource(service: ServiceHandle, resourcePath: string): Promise<void> {
  const reset = await api(service, "/source", "POST", { resource_path: resourcePath, reset: true });
  if (reset.status !== 200) throw new Error(`reset: ${reset.status} ${await reset.text()}`);
}

/**
 * Starts a sync through the API and polls it to its end, reading the service's RSS at each poll; `onProgress` sees
 * the files fetched so far.
 */
export async function measureSync(
  service: ServiceHandle,
  total: number,
  onProgress: (fetched: number, rssMiB: number) => void,
): Promise<SyncSample> {
  const started = performance.now();
  const answer = await api(service, "/sync", "POST");
  if (answer.status !== 202) throw new Error(`sync: ${answer.status} ${await answer.text()}`);
  const { id } = (await answer.json()) as { id: number };
  const rss = { at1000: Number.NaN, atAll: Number.NaN, after: Number.NaN, most: 0 };
  for (;;) {
    const sync = (await (await api(service, `/syncs/${id}`)).json()) as SourceSyncJson;
    const { rssMiB } = memoryOf(service.pid);
    rss.most = Math.max(rss.most, rssMiB);
    const fetched = sync.added + sync.modified + (sync.page?.fetched ?? 0);
    if (fetched >= Math.min(1_000, total) && Number.isNaN(rss.at1000)) rss.at1000 = rssMiB;
    if (fetched >= total && Number.isNaN(rss.atAll)) rss.atAll = rssMiB;
    if (sync.state !== "running") {
      const seconds = (performance.now() - started) / 1000;
      return { sync, seconds, rss: { ...rss, after: rssMiB } };
    }
    onProgress(fetched, rssMiB);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
