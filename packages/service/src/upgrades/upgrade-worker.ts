import { randomUUID } from "node:crypto";
import { type ClaimLoop, createClaimLoop } from "../store/claim-loop.ts";
import { type ClaimedUpgrade, runUpgrade, type UpgradeSettings } from "./run-upgrade.ts";
import { claimUpgradeLease, listClaimableUpgrades, UPGRADE_LEASE_MS } from "./upgrade-lease.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/** D581 options: the lease, the batch size, and how often queued and abandoned jobs are looked for (default 2 s). */
export interface UpgradeWorkerOptions extends Partial<UpgradeSettings> {
  readonly pollMs?: number;
}

/**
 * The upgrade worker of a service: the claim loop the review worker and the dispatchers share, over upgrade jobs
 * claimed under their lease, one at a time per instance.
 */
export function createUpgradeWorker(context: UpgradesContext, options: UpgradeWorkerOptions = {}): ClaimLoop {
  const settings: UpgradeSettings = {
    leaseMs: options.leaseMs ?? UPGRADE_LEASE_MS,
    batchSize: options.batchSize ?? 20,
  };
  return createClaimLoop<ClaimedUpgrade>({
    name: "upgrade worker",
    async claim(limit) {
      const claimed: ClaimedUpgrade[] = [];
      for (const jobId of await listClaimableUpgrades(context.store.db, context.now())) {
        if (claimed.length >= limit) break;
        const owner = randomUUID();
        if (await claimUpgradeLease(context.store.db, jobId, owner, context.now(), settings.leaseMs)) {
          claimed.push({ jobId, owner });
        }
      }
      return claimed;
    },
    work: (claimed, signal) => runUpgrade(context, claimed, settings, signal),
    concurrency: 1,
    pollIntervalMs: options.pollMs ?? 2_000,
    logger: context.logger,
  });
}
