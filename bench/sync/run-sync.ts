import type { SourceSyncJson } from "@adapterkit/contract";
import { memoryOf } from "../lib/proc-stats.ts";
import type { BenchChild } from "../lib/start-child.ts";

/** The service child as the parent drives it. */
export interface ServiceHandle {
  readonly base: string;
  readonly token: string;
  readonly installationId: string;
  readonly child: BenchChild;
}

/** Memory of the service (MiB) at one point of a sync: its resident set, and its heap after a collection. */
export interface MemoryPoint {
  readonly rss: number;
  readonly heap: number;
}

/** A sync as measured: its record, how long it took, and the service's memory along the way. */
export interface SyncSample {
  readonly sync: SourceSyncJson;
  readonly seconds: number;
  /** When 1,000 files had arrived, when all had, and after the commit. */
  readonly memory: { at1000: MemoryPoint; atAll: MemoryPoint; after: MemoryPoint };
  /** The most RSS seen at a poll (MiB). */
  readonly mostRss: number;
}

/** Asks the service child for its live heap (it collects garbage first), with its RSS and how long it was held up. */
async function memoryPoint(service: ServiceHandle): Promise<MemoryPoint & { heldMs: number }> {
  const { child, lines } = service.child;
  child.kill("SIGUSR2");
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const heap = /^HEAP (\S+) (\S+)$/.exec(line.value);
    if (heap !== null) {
      const rss = memoryOf(child.pid as number).rssMiB;
      return { rss, heap: Number(heap[1]) / 2 ** 20, heldMs: Number(heap[2]) };
    }
  }
  throw new Error("the service exited");
}

// The service writes a sync's progress every 250 ms; asking more often would only load it. The sync's time is not
// taken at the poll that sees it end (up to 250 ms late) but from its own finished_at.
const POLL_MS = 250;

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
  const started = Date.now();
  const answer = await api(service, "/sync", "POST");
  if (answer.status !== 202) throw new Error(`sync: ${answer.status} ${await answer.text()}`);
  const { id } = (await answer.json()) as { id: number };
  let at1000: MemoryPoint | undefined;
  let atAll: MemoryPoint | undefined;
  // The collections asked for while the sync runs hold it up; that time is the bench's, not the sync's.
  let heldMs = 0;
  let mostRss = 0;
  for (;;) {
    const sync = (await (await api(service, `/syncs/${id}`)).json()) as SourceSyncJson;
    const { rssMiB } = memoryOf(service.child.child.pid as number);
    mostRss = Math.max(mostRss, rssMiB);
    const fetched = sync.added + sync.modified + (sync.page?.fetched ?? 0);
    if (sync.state !== "running") {
      const seconds = (Date.parse(sync.finished_at ?? "") - started - heldMs) / 1000;
      const { heldMs: _, ...after } = await memoryPoint(service);
      return { sync, seconds, memory: { at1000: at1000 ?? after, atAll: atAll ?? after, after }, mostRss };
    }
    const takeMemory = async () => {
      const { heldMs: held, ...point } = await memoryPoint(service);
      heldMs += held;
      return point;
    };
    if (fetched >= Math.min(1_000, total) && at1000 === undefined) at1000 = await takeMemory();
    if (fetched >= total && atAll === undefined) atAll = await takeMemory();
    onProgress(fetched, rssMiB);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
