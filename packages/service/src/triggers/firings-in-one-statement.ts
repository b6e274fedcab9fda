import { toInputColumns } from "../runs/run-input.ts";
import type { Firing } from "./record-firing.ts";

// PostgreSQL only (D633, D639): what a statement writes for the firings it holds in a CTE named `firing`, each with
// the ids drawn for it (FIRING_IDS) and the columns of FIRING_COLUMNS, read from a JSON parameter.

/** The columns a firing's row has in the JSON parameter (toFiringRow), as `json_to_recordset` declares them. */
export const FIRING_COLUMNS =
  "organization_id int, workflow_id int, trigger_id int, source text, input_type text, input text, start_stage text";

/** The session and run ids a firing's row draws from the tables' sequences, as columns of the `firing` CTE. */
export const FIRING_IDS = `nextval(pg_get_serial_sequence('sessions', 'id'))::int as session_id,
    nextval(pg_get_serial_sequence('workflow_runs', 'id'))::int as run_id`;

/**
 * The WITH queries that write the firings of the `firing` CTE as recordFirings does: a session and a queued run each,
 * a succeeded trigger run, and each trigger's counters moved by its number of runs. `at` is the statement's
 * parameter of the time, as an ISO string.
 */
export function firingWrites(at: string): string {
  return `session as (
  insert into sessions (id, organization_id, created_at) select session_id, organization_id, ${at} from firing
),
run as (
  insert into workflow_runs (id, organization_id, workflow_id, session_id, trigger_id, source, status, input_type,
    input, start_stage, created_at)
  select run_id, organization_id, workflow_id, session_id, trigger_id, source, 'queued', input_type, input,
    start_stage, ${at}
  from firing
),
trigger_run as (
  insert into trigger_runs (trigger_id, source, fired_at, status, workflow_run_id)
  select trigger_id, source, ${at}, 'succeeded', run_id from firing
),
counted as (
  update triggers set fire_count = fire_count + fired.runs, last_fired_at = ${at}
  from (select trigger_id, count(*)::int as runs from firing group by trigger_id) fired
  where triggers.id = fired.trigger_id
)`;
}

/**
 * A firing as a row of the JSON parameter. Only firings a trigger run calls `succeeded` and whose run's source is
 * the trigger run's (webhook and app-event firings; a schedule's slot and next fire time are not written here).
 */
export function toFiringRow(firing: Firing): Record<string, unknown> {
  return {
    organization_id: firing.trigger.organization_id,
    workflow_id: firing.trigger.workflow_id,
    trigger_id: firing.trigger.id,
    source: firing.source,
    ...toInputColumns(firing.input),
    start_stage: firing.startStage ?? null,
  };
}
