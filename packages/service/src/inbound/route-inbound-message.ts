import type { InboundOutcome, NormalizedMessage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { FrontDesk } from "../front-desk/front-desk.ts";
import { startFrontDeskReply } from "../front-desk/start-front-desk-reply.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database } from "../store/index.ts";
import { type Firing, insertFailedFiring, recordFirings } from "../triggers/record-firing.ts";
import type { InboundCache } from "./cached-installation.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { findAppEventTriggers, type MatchedEvent, matchAppEvent } from "./match-app-event.ts";
import { type InboundEventRecord, recordInboundEvent } from "./record-inbound-event.ts";

/** How a message that was not a bot's ended, and the runs it started. */
export interface RoutedMessage {
  readonly outcome: Extract<InboundOutcome, "accepted" | "duplicate" | "unmatched">;
  readonly eventId: number;
  readonly workflowRunIds: readonly number[];
  /** The front desk's reply in the outbox, when it answered. */
  readonly deliveryId?: number | null;
}

/** What an event's record keeps besides the message: the request, the adapter calls, what it replays (D521, D523). */
export type InboundEvidence = Pick<InboundEventRecord, "request" | "adapterCalls" | "replayOf" | "replayKey">;

/** Whose message, through which installation, in which mode, and what its record keeps. */
export interface InboundMessage {
  readonly installationId: string;
  readonly organizationId: number;
  readonly appId: number;
  readonly app: string;
  readonly frontDesk: boolean;
  /** Within the contract's limits and fields (checkMessageLimits). */
  readonly message: NormalizedMessage;
  readonly evidence?: InboundEvidence | undefined;
}

/** The columns every record of a routed message shares. */
export function toRecordBase(event: InboundMessage, receivedAt: Date) {
  const { message } = event;
  return {
    installationId: event.installationId,
    receivedAt,
    eventType: message.event_type,
    sender: message.sender,
    dedupKey: message.dedup_key,
    threadId: message.thread_id,
    message,
    ...event.evidence,
  };
}

/** Takes the dedup key; false when another delivery of the event took it first (then or at this very moment). */
async function takeDedupKey(trx: Kysely<Database>, event: InboundMessage, at: string): Promise<boolean> {
  const key = event.message.dedup_key;
  if (key === undefined || key === "") return true;
  const taken = await withInboundTables(trx)
    .insertInto("inbound_dedup")
    .values({ installation_id: event.installationId, dedup_key: key, received_at: at })
    .onConflict((conflict) => conflict.columns(["installation_id", "dedup_key"]).doNothing())
    .returning("dedup_key")
    .executeTakeFirst();
  return taken !== undefined;
}

/**
 * A9 after the bot check, in one transaction: the dedup key is inserted under the (installation, key) primary key,
 * so of two deliveries of one event, on one instance or several, one routes it and the other finds the key taken
 * (`duplicate`); then, with the front desk off, the app-event triggers fire (`accepted`, or `unmatched` when none
 * matched); the event's log entry commits with them. With the front desk on, triggers do not fire (A10): the
 * front desk's reply goes into the outbox instead (A11), in the same transaction.
 */
export async function routeInboundMessage(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; frontDesk: FrontDesk; now: Date },
  event: InboundMessage,
): Promise<RoutedMessage> {
  const at = deps.now.toISOString();
  return db.transaction().execute(async (trx) => {
    const base = toRecordBase(event, deps.now);
    if (!(await takeDedupKey(trx, event, at))) {
      const row = await recordInboundEvent(trx, { ...base, outcome: "duplicate", detail: "dedup_key seen before" });
      return { outcome: "duplicate", eventId: row.id, workflowRunIds: [] };
    }
    if (event.frontDesk) {
      const row = await recordInboundEvent(trx, { ...base, outcome: "accepted", detail: "to the front desk" });
      const deliveryId = await startFrontDeskReply(
        trx,
        { frontDesk: deps.frontDesk, now: deps.now },
        {
          ...event,
          inboundEventId: row.id,
        },
      );
      return { outcome: "accepted", eventId: row.id, workflowRunIds: [], deliveryId };
    }
    // The triggers read afresh, in the transaction: this is also where a message goes when the inbound cache's
    // triggers failed it (D633).
    const reading = { executor: deps.executor, candidates: findAppEventTriggers };
    const matched = await matchArrival(trx, reading, event, deps.now);
    for (const refusal of matched.refused) await insertFailedFiring(trx, refusal, deps.now);
    const runIds = await recordFirings(trx, matched.firings, deps.now);
    const row = await recordInboundEvent(trx, { ...matched.record, workflowRunIds: runIds });
    return { outcome: matched.record.outcome, eventId: row.id, workflowRunIds: runIds };
  });
}

/** What an arrival not for the front desk comes to if it routes: its entry, its firings, its refusals. */
export interface MatchedArrival {
  readonly record: InboundEventRecord & { readonly outcome: "accepted" | "unmatched" };
  readonly firings: readonly Firing[];
  readonly refused: MatchedEvent["refused"];
}

/** An installation's enabled app-event triggers for one event type, with their workflows (the inbound cache). */
export type ReadCandidates = InboundCache["candidates"];

/**
 * Matches a routed arrival against its installation's app-event triggers for its event type: its log entry
 * (`accepted` when a trigger matched, else `unmatched`, as without an event type), the firings and the triggers whose
 * workflow cannot start.
 */
export async function matchArrival(
  db: Kysely<Database>,
  deps: { executor: WorkflowExecutor; candidates: ReadCandidates },
  event: InboundMessage,
  receivedAt: Date,
): Promise<MatchedArrival> {
  const { message } = event;
  const base = toRecordBase(event, receivedAt);
  if (message.event_type === undefined) {
    return {
      record: { ...base, outcome: "unmatched", detail: "the adapter gave no event_type" },
      firings: [],
      refused: [],
    };
  }
  const found = await deps.candidates(db, event.installationId, message.event_type);
  const appEvent = {
    installationId: event.installationId,
    app: event.app,
    message: { ...message, event_type: message.event_type },
  };
  const { matched, firings, refused } = matchAppEvent(found, deps.executor, appEvent);
  const record: MatchedArrival["record"] =
    matched > 0
      ? { ...base, outcome: "accepted", detail: null }
      : { ...base, outcome: "unmatched", detail: `no enabled app-event trigger for ${message.event_type} matched` };
  return { record, firings, refused };
}
