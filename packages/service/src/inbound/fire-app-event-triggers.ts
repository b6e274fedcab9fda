import type { EventFilter, NormalizedMessage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { type Database, fromJsonColumn } from "../store/index.ts";
import { insertFailedFiring, recordFiring } from "../triggers/record-firing.ts";
import { matchesEventFilter } from "./matches-event-filter.ts";

/** The event as a run's initial input: the normalized message and the installation it came through. */
export function toEventInput(installationId: string, app: string, message: NormalizedMessage) {
  return { type: "json", value: { installation_id: installationId, app, ...message } } as const;
}

/**
 * A9/A10: inside the caller's transaction, every enabled app-event trigger of the installation whose event type
 * equals the message's and whose D26 filter passes fires: a run queued at its target stage with the event as
 * input, its trigger run recorded and its counters moved. A workflow that cannot start records a failed trigger
 * run instead. Returns the runs started (empty: nothing matched).
 */
export async function fireAppEventTriggers(
  trx: Kysely<Database>,
  deps: { executor: WorkflowExecutor; now: Date },
  event: { installationId: string; app: string; message: NormalizedMessage & { event_type: string } },
): Promise<{ matched: number; runIds: number[] }> {
  const candidates = await trx
    .selectFrom("triggers")
    .innerJoin("workflows", "workflows.id", "triggers.workflow_id")
    .select([
      "triggers.id as trigger_id",
      "triggers.organization_id as trigger_organization_id",
      "triggers.target_stage as trigger_target_stage",
      "triggers.event_filter as trigger_event_filter",
    ])
    .selectAll("workflows")
    .where("triggers.type", "=", "app_event")
    .where("triggers.app_installation_id", "=", event.installationId)
    .where("triggers.event_type", "=", event.message.event_type)
    .where("triggers.enabled", "=", 1)
    .orderBy("triggers.id")
    .execute();
  const runIds: number[] = [];
  let matched = 0;
  for (const candidate of candidates) {
    const { trigger_id, trigger_organization_id, trigger_target_stage, trigger_event_filter, ...workflow } = candidate;
    if (!matchesEventFilter(fromJsonColumn(trigger_event_filter) as EventFilter | null, event.message)) continue;
    matched += 1;
    const trigger = { id: trigger_id, organization_id: trigger_organization_id, workflow_id: workflow.id };
    const startStage = trigger_target_stage;
    const reason = whyNotStartable(workflow, deps.executor, startStage);
    if (reason !== null) {
      await insertFailedFiring(trx, { trigger, source: "app_event", error: reason }, deps.now);
      continue;
    }
    const input = toEventInput(event.installationId, event.app, event.message);
    const { run } = await recordFiring(trx, { trigger, source: "app_event", input, startStage }, deps.now);
    runIds.push(run.id);
  }
  return { matched, runIds };
}
