import type { TriggerRun, TriggerRunPage, TriggerRunSource, TriggerRunStatus } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { readPageQuery, toPage } from "../http/page.ts";
import type { Database, TriggerRunRow } from "../store/index.ts";
import { getAuthorizedTrigger } from "./find-trigger.ts";

/** Renders a trigger run row as the D17 JSON. */
export function toTriggerRunJson(row: TriggerRunRow): TriggerRun {
  return {
    id: row.id,
    trigger_id: row.trigger_id,
    source: row.source as TriggerRunSource,
    scheduled_for: row.scheduled_for,
    fired_at: row.fired_at,
    status: row.status as TriggerRunStatus,
    workflow_run_id: row.workflow_run_id,
    error: row.error,
  };
}

/** D16: a trigger's firings, newest first, one page at a time. */
export async function listTriggerRuns(
  db: Kysely<Database>,
  principal: Principal,
  input: { id: number; query: URLSearchParams },
): Promise<TriggerRunPage> {
  const { limit, before } = readPageQuery(input.query);
  const { trigger } = await getAuthorizedTrigger(db, principal, input.id);
  const rows = await db
    .selectFrom("trigger_runs")
    .selectAll()
    .where("trigger_id", "=", trigger.id)
    .$if(before !== undefined, (query) => query.where("id", "<", before ?? 0))
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  return toPage(rows, limit, toTriggerRunJson);
}
