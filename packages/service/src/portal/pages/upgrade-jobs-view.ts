import type { AppRow } from "../../apps/app-tables.ts";
import type { Principal } from "../../auth/principal.ts";
import type { ServiceContext } from "../../service-context.ts";
import { withUpgradeTables } from "../../upgrades/upgrade-tables.ts";
import { installationPath } from "./installation-paths.ts";

/** How many of the App's last jobs the page shows, and how many results of each. */
const JOBS_SHOWN = 5;
const RESULTS_SHOWN = 100;

const OUTCOME_WORDS = { moved: "moved", kept: "kept", action_needed: "marked action needed" } as const;

/**
 * D580: the App page's view of its last upgrade jobs: the running one's progress, and each job's installations with
 * what it did; an installation links to its page where the viewer may open it (its own project's, D338).
 */
export async function upgradeJobsView(context: ServiceContext, principal: Principal, app: AppRow) {
  const db = withUpgradeTables(context.store.db);
  const jobs = await db
    .selectFrom("upgrade_jobs")
    .selectAll()
    .where("app_id", "=", app.id)
    .orderBy("id", "desc")
    .limit(JOBS_SHOWN)
    .execute();
  const projectId = principal.scope.type === "project" ? principal.scope.projectId : undefined;
  return Promise.all(
    jobs.map(async (job) => {
      const items = await db
        .selectFrom("upgrade_job_items")
        .leftJoin("installations", "installations.id", "upgrade_job_items.installation_id")
        .select(["upgrade_job_items.installation_id", "upgrade_job_items.from_version"])
        .select(["upgrade_job_items.outcome", "upgrade_job_items.reason"])
        .select(["installations.organization_id", "installations.project_id"])
        .where("upgrade_job_items.job_id", "=", job.id)
        .where("upgrade_job_items.outcome", "is not", null)
        .orderBy("upgrade_job_items.position")
        .limit(RESULTS_SHOWN)
        .execute();
      const active = job.state === "queued" || job.state === "running";
      return {
        id: job.id,
        state: job.cancel_requested === 1 && active ? `${job.state}, cancelling` : job.state,
        active,
        toVersion: job.to_version,
        done: job.done,
        total: job.total,
        moved: job.moved,
        kept: job.kept,
        actionNeeded: job.action_needed,
        created: job.created_at,
        error: job.error,
        more: job.done > items.length ? job.done - items.length : 0,
        results: items.map((item) => ({
          id: item.installation_id,
          href:
            item.organization_id === principal.organizationId && item.project_id === projectId
              ? installationPath(item.installation_id)
              : undefined,
          fromVersion: item.from_version,
          outcome: item.outcome === null ? "" : OUTCOME_WORDS[item.outcome],
          reason: item.reason ?? "",
        })),
      };
    }),
  );
}
