import type { UpgradeJobJson } from "@adapterkit/contract";
import { getManagedApp } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { chooseInstallations, publishedOf, type UpgradeShare } from "../installations/upgrade-installations.ts";
import { inChunks } from "../store/in-chunks.ts";
import { isUniqueViolation } from "../store/is-unique-violation.ts";
import { toUpgradeJson } from "./to-upgrade-json.ts";
import { withUpgradeTables } from "./upgrade-tables.ts";
import type { UpgradesContext } from "./upgrades-context.ts";

/** D580: the App's queued or running upgrade job, if any (one at a time per App). */
export async function findActiveUpgrade(context: Pick<UpgradesContext, "store">, appId: number) {
  return withUpgradeTables(context.store.db)
    .selectFrom("upgrade_jobs")
    .select(["id", "state"])
    .where("app_id", "=", appId)
    .where("state", "in", ["queued", "running"])
    .executeTakeFirst();
}

/** 409 while an upgrade job of the App is queued or running (a second one, a move back, D582). */
export async function refuseWhileUpgrading(context: Pick<UpgradesContext, "store">, app: { id: number; slug: string }) {
  const active = await findActiveUpgrade(context, app.id);
  if (active !== undefined) {
    throw new ServiceError(
      "conflict",
      `Upgrade ${active.id} of App ${app.slug} is ${active.state}; wait for it or cancel it first.`,
    );
  }
}

/**
 * D580 Upgrade as a job: chooses the installations an upgrade to the published version moves (all, a percentage or
 * a count, the oldest first, D451), records the job and each chosen installation in one transaction, wakes the
 * worker and answers at once with the queued job.
 */
export async function startUpgrade(
  context: UpgradesContext,
  principal: Principal,
  slug: string,
  share: UpgradeShare,
): Promise<UpgradeJobJson> {
  const app = await getManagedApp(context.store.db, principal, slug);
  const version = publishedOf(app);
  await refuseWhileUpgrading(context, app);
  const chosen = await chooseInstallations(context, app, version, share);
  const at = context.now().toISOString();
  const job = await withUpgradeTables(context.store.db)
    .transaction()
    .execute(async (trx) => {
      const inserted = await trx
        .insertInto("upgrade_jobs")
        .values({
          app_id: app.id,
          organization_id: app.organization_id,
          to_version: version,
          from_versions: JSON.stringify([...new Set(chosen.map((row) => row.app_version))].sort((a, b) => a - b)),
          share_percent: share.percent ?? null,
          share_count: share.count ?? null,
          requested_by_token_id: principal.tokenId,
          requested_by: `token ${principal.tokenId}`,
          state: "queued",
          total: chosen.length,
          error: null,
          lease_owner: null,
          lease_expires_at: null,
          created_at: at,
          started_at: null,
          finished_at: null,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const items = chosen.map((row, position) => ({
        job_id: inserted.id,
        position,
        installation_id: row.id,
        from_version: row.app_version,
        outcome: null,
        reason: null,
        handled_at: null,
      }));
      for (const chunk of inChunks(items)) await trx.insertInto("upgrade_job_items").values(chunk).execute();
      return inserted;
    })
    .catch(async (error: unknown) => {
      // Another start won the race to the index of active jobs (one per App): answer as if it had come first.
      if (isUniqueViolation(error)) await refuseWhileUpgrading(context, app);
      throw error;
    });
  context.logger.info({ app: app.slug, upgrade: job.id, total: job.total }, "upgrade queued");
  context.upgrades.wake();
  return toUpgradeJson(app.slug, job);
}
