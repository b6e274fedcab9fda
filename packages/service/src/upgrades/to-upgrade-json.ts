import type { UpgradeJobJson } from "@adapterkit/contract";
import type { UpgradeJobItemRow, UpgradeJobRow } from "./upgrade-tables.ts";

/** An upgrade job's JSON (D580), with its per-installation results when given. */
export function toUpgradeJson(slug: string, row: UpgradeJobRow, items?: readonly UpgradeJobItemRow[]): UpgradeJobJson {
  return {
    id: row.id,
    app: slug,
    to_version: row.to_version,
    from_versions: JSON.parse(row.from_versions) as number[],
    share: { percent: row.share_percent, count: row.share_count },
    requested_by: row.requested_by,
    state: row.state,
    cancel_requested: row.cancel_requested === 1,
    progress: { done: row.done, total: row.total },
    counts: { moved: row.moved, kept: row.kept, action_needed: row.action_needed },
    error: row.error,
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    ...(items === undefined
      ? {}
      : {
          results: items.map((item) => ({
            installation_id: item.installation_id,
            from_version: item.from_version,
            outcome: item.outcome,
            reason: item.reason,
            handled_at: item.handled_at,
          })),
        }),
  };
}
