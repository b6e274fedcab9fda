import type { UpgradeJobJson } from "@adapterkit/contract";
import { getManagedApp } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { finishUpgrade } from "./finish-upgrade.ts";
import { getUpgradeRow, showUpgrade } from "./show-upgrades.ts";
import { findActiveUpgrade } from "./start-upgrade.ts";
import { withUpgradeTables } from "./upgrade-tables.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/**
 * D582 Cancel: a queued job ends `cancelled` at once, its installations recorded kept; a running one is flagged and
 * its worker stops after the installation in hand (or the next instance does, if its own died). 409 once it ended.
 */
export async function cancelUpgrade(
  context: UpgradesContext,
  principal: Principal,
  slug: string,
  jobId: number,
): Promise<UpgradeJobJson> {
  const app = await getManagedApp(context.store.db, principal, slug);
  const row = await getUpgradeRow(context, app, jobId);
  const ended = () =>
    new ServiceError("conflict", `Upgrade ${row.id} of App ${app.slug} is ${row.state}; there is nothing to cancel.`);
  if (
    row.state === "queued" &&
    (await finishUpgrade(context.store.db, row.id, null, { state: "cancelled" }, context.now()))
  ) {
    return showUpgrade(context, principal, slug, jobId);
  }
  const flagged = await withUpgradeTables(context.store.db)
    .updateTable("upgrade_jobs")
    .set({ cancel_requested: 1, updated_at: context.now().toISOString() })
    .where("id", "=", row.id)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
  if (Number(flagged.numUpdatedRows) !== 1) throw ended();
  context.upgrades.wake();
  return showUpgrade(context, principal, slug, jobId);
}

/**
 * D583: a move back withdraws the upgrade: the App's queued job ends cancelled and a running one is asked to stop
 * (the installation in its hand may still move, and a second move back returns it). The id of the job, if any.
 */
export async function withdrawActiveUpgrade(context: UpgradesContext, appId: number): Promise<number | undefined> {
  const active = await findActiveUpgrade(context, appId);
  if (active === undefined) return undefined;
  if (
    active.state === "queued" &&
    (await finishUpgrade(context.store.db, active.id, null, { state: "cancelled" }, context.now()))
  ) {
    return active.id;
  }
  await withUpgradeTables(context.store.db)
    .updateTable("upgrade_jobs")
    .set({ cancel_requested: 1, updated_at: context.now().toISOString() })
    .where("id", "=", active.id)
    .where("state", "in", ["queued", "running"])
    .execute();
  context.upgrades.wake();
  return active.id;
}
