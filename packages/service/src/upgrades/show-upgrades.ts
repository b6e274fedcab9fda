import type { UpgradeJobJson } from "@adapterkit/contract";
import { getManagedApp } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { toUpgradeJson } from "./to-upgrade-json.ts";
import { type UpgradeJobRow, withUpgradeTables } from "./upgrade-tables.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/** How many of an App's jobs a list shows, newest first. */
export const UPGRADE_LIST_LIMIT = 20;

/** The App's last jobs, newest first, without their results (its managing project only, D584). */
export async function listUpgrades(
  context: Pick<UpgradesContext, "store">,
  principal: Principal,
  slug: string,
): Promise<UpgradeJobJson[]> {
  const app = await getManagedApp(context.store.db, principal, slug);
  const rows = await withUpgradeTables(context.store.db)
    .selectFrom("upgrade_jobs")
    .selectAll()
    .where("app_id", "=", app.id)
    .orderBy("id", "desc")
    .limit(UPGRADE_LIST_LIMIT)
    .execute();
  return rows.map((row) => toUpgradeJson(app.slug, row));
}

/** One job of the App's, or a 404 that reads as for an unknown one. */
export async function getUpgradeRow(
  context: Pick<UpgradesContext, "store">,
  app: { id: number; slug: string },
  jobId: number,
): Promise<UpgradeJobRow> {
  const row = await withUpgradeTables(context.store.db)
    .selectFrom("upgrade_jobs")
    .selectAll()
    .where("id", "=", jobId)
    .where("app_id", "=", app.id)
    .executeTakeFirst();
  if (row === undefined) throw new ServiceError("not_found", `No upgrade ${jobId} of App ${app.slug}.`);
  return row;
}

/** One job with each chosen installation and what the job did with it, in the job's order. */
export async function showUpgrade(
  context: Pick<UpgradesContext, "store">,
  principal: Principal,
  slug: string,
  jobId: number,
): Promise<UpgradeJobJson> {
  const app = await getManagedApp(context.store.db, principal, slug);
  const row = await getUpgradeRow(context, app, jobId);
  const items = await withUpgradeTables(context.store.db)
    .selectFrom("upgrade_job_items")
    .selectAll()
    .where("job_id", "=", row.id)
    .orderBy("position")
    .execute();
  return toUpgradeJson(app.slug, row, items);
}
