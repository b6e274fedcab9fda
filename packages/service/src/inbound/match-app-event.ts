import type { EventFilter, NormalizedMessage } from "@adapterkit/contract";
import { type Kysely, sql } from "kysely";
import { whyNotStartable } from "../runs/check-startable.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { type Database, fromJsonColumn } from "../store/index.ts";
import { opaqueParam, preparedQuery } from "../store/prepared-query.ts";
import type { Firing } from "../triggers/record-firing.ts";
import { matchesEventFilter } from "./matches-event-filter.ts";

/**
 * The event as a run's initial input: the message's contract fields and the installation it came through (D522).
 * The message was cut to the fields the contract names (checkMessageLimits), and the service's own ids are written
 * last, so nothing an adapter answers can stand in for them.
 */
export function toEventInput(installationId: string, app: string, message: NormalizedMessage) {
  return { type: "json", value: { ...message, installation_id: installationId, app } } as const;
}

/** A message with its event type, through an installation of an App. */
export interface AppEvent {
  readonly installationId: string;
  readonly app: string;
  readonly message: NormalizedMessage & { event_type: string };
}

// Every inbound batch runs this read, prepared (D179): each enabled app-event trigger of an installation for one
// event type, with its workflow, in trigger id order. Its fixed values are written in, the others opaque to SQLite's
// planner (D620).
const selectCandidates = preparedQuery((db: Kysely<Database>) =>
  db
    .selectFrom("triggers")
    .innerJoin("workflows", "workflows.id", "triggers.workflow_id")
    .select([
      "triggers.id as trigger_id",
      "triggers.organization_id as trigger_organization_id",
      "triggers.target_stage as trigger_target_stage",
      "triggers.event_filter as trigger_event_filter",
    ])
    .selectAll("workflows")
    .where("triggers.type", "=", sql.lit("app_event"))
    .where("triggers.app_installation_id", "=", opaqueParam<string>(db, "installationId"))
    .where("triggers.event_type", "=", opaqueParam<string>(db, "eventType"))
    .where("triggers.enabled", "=", sql.lit(1))
    .orderBy("triggers.id"),
);

/** The enabled app-event triggers of an installation for one event type, each with its workflow. */
export type AppEventCandidates = Awaited<ReturnType<typeof selectCandidates.execute>>;

/** Reads the candidates of an installation and event type in trigger id order, inside the caller's transaction. */
export function findAppEventTriggers(
  trx: Kysely<Database>,
  installationId: string,
  eventType: string,
): Promise<AppEventCandidates> {
  return selectCandidates.execute(trx, { installationId, eventType });
}

/** What the candidates make of one event: how many matched, the firings to record, the ones that cannot start. */
export interface MatchedEvent {
  readonly matched: number;
  readonly firings: Firing[];
  readonly refused: (Omit<Firing, "input" | "startStage"> & { error: string })[];
}

/** A10/D26: the candidates whose filter passes the event, as firings at their target stage (or refusals). */
export function matchAppEvent(
  candidates: AppEventCandidates,
  executor: WorkflowExecutor,
  event: AppEvent,
): MatchedEvent {
  const result: MatchedEvent = { matched: 0, firings: [], refused: [] };
  let matched = 0;
  for (const candidate of candidates) {
    const { trigger_id, trigger_organization_id, trigger_target_stage, trigger_event_filter, ...workflow } = candidate;
    if (!matchesEventFilter(fromJsonColumn(trigger_event_filter) as EventFilter | null, event.message)) continue;
    matched += 1;
    const trigger = { id: trigger_id, organization_id: trigger_organization_id, workflow_id: workflow.id };
    const reason = whyNotStartable(workflow, executor, trigger_target_stage);
    if (reason !== null) {
      result.refused.push({ trigger, source: "app_event", error: reason });
      continue;
    }
    const input = toEventInput(event.installationId, event.app, event.message);
    result.firings.push({ trigger, source: "app_event", input, startStage: trigger_target_stage });
  }
  return { ...result, matched };
}
