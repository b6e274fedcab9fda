import { randomUUID } from "node:crypto";
import type { GroundContext } from "../context/ground-context.ts";
import { type ClaimLoop, createClaimLoop } from "../store/claim-loop.ts";
import { claimToolServer, listDueToolServers, REFRESH_LEASE_MS, releaseToolServer } from "./tool-server-lease.ts";
import { refreshClaimedToolServer } from "./tool-server-store.ts";
import type { ToolServerRow } from "./tool-server-tables.ts";

/** A13 scheduled refresh: how long after its last refresh a tool server is listed again (default an hour). */
export interface ToolServerRefresherOptions {
  /** The interval; false or 0 turns the scheduled refresh off (on-demand refreshes still work). */
  readonly refreshEveryMs?: number | false;
  /** How often due servers are looked for: a minute, or the interval when that is shorter. */
  readonly pollMs?: number;
  /** How long a claim holds a server (REFRESH_LEASE_MS). */
  readonly leaseMs?: number;
  /** Servers listed at once by this instance (2). */
  readonly concurrency?: number;
}

/** Refreshes every tool server's tools on a schedule, one refresher per server at a time across instances. */
export interface ToolServerRefresher extends ClaimLoop {
  /** One round now: every due server this instance can claim, refreshed; resolves with how many worked. */
  refreshDue(): Promise<number>;
}

export const DEFAULT_REFRESH_EVERY_MS = 60 * 60_000;

interface Claimed {
  readonly row: ToolServerRow;
  readonly owner: string;
}

/**
 * D320: the tool-server refresher of a service (started with it, as the sources syncer is): the shared claim loop
 * over tool servers whose last refresh is older than the interval, each claimed under a lease on its row. A failed
 * listing keeps the tools and the Skill and is recorded on the row (D321); undefined when the interval is off.
 */
export function createToolServerRefresher(
  context: GroundContext,
  options: ToolServerRefresherOptions = {},
): ToolServerRefresher | undefined {
  const every = options.refreshEveryMs ?? DEFAULT_REFRESH_EVERY_MS;
  if (every === false || every <= 0) return undefined;
  const everyMs = every;
  const leaseMs = options.leaseMs ?? REFRESH_LEASE_MS;
  const concurrency = options.concurrency ?? 2;
  const { db } = context.store;

  async function claim(limit: number): Promise<Claimed[]> {
    const now = context.now();
    const dueBefore = new Date(now.getTime() - everyMs);
    const claimed: Claimed[] = [];
    for (const id of await listDueToolServers(db, dueBefore, now, limit)) {
      const owner = randomUUID();
      const row = await claimToolServer(db, { id, owner, dueBefore, now, leaseMs });
      if (row !== undefined) claimed.push({ row, owner });
    }
    return claimed;
  }

  async function work({ row, owner }: Claimed, signal: AbortSignal): Promise<boolean> {
    try {
      const updated = await refreshClaimedToolServer(context, row, { leaseOwner: owner, signal });
      return updated !== undefined;
    } catch (error) {
      if (signal.aborted) await releaseToolServer(db, Number(row.id), owner);
      else
        context.logger.warn(
          { toolServer: row.id, err: (error as Error).message },
          "scheduled tool server refresh failed",
        );
      return false;
    }
  }

  const loop = createClaimLoop<Claimed>({
    name: "tool server refresher",
    claim,
    work: async (item, signal) => void (await work(item, signal)),
    concurrency,
    pollIntervalMs: options.pollMs ?? Math.min(everyMs, 60_000),
    logger: context.logger,
  });
  return {
    ...loop,
    get running() {
      return loop.running;
    },
    async refreshDue() {
      // A few at a time, each claimed just before it is listed, so no claim waits out its lease behind the others.
      const never = new AbortController().signal;
      let worked = 0;
      for (;;) {
        const claimed = await claim(concurrency);
        if (claimed.length === 0) return worked;
        worked += (await Promise.all(claimed.map((item) => work(item, never)))).filter(Boolean).length;
      }
    },
  };
}
