import type { InboundOutcome, NormalizedMessage } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { FrontDesk } from "../front-desk/front-desk.ts";
import { startFrontDeskReply } from "../front-desk/start-front-desk-reply.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import type { Database } from "../store/index.ts";
import { fireAppEventTriggers } from "./fire-app-event-triggers.ts";
import { withInboundTables } from "./inbound-tables.ts";
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
  const { message } = event;
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
    if (message.event_type === undefined) {
      const row = await recordInboundEvent(trx, {
        ...base,
        outcome: "unmatched",
        detail: "the adapter gave no event_type",
      });
      return { outcome: "unmatched", eventId: row.id, workflowRunIds: [] };
    }
    const fired = await fireAppEventTriggers(trx, deps, {
      installationId: event.installationId,
      app: event.app,
      message: { ...message, event_type: message.event_type },
    });
    const outcome = fired.matched > 0 ? "accepted" : "unmatched";
    const detail = fired.matched > 0 ? null : `no enabled app-event trigger for ${message.event_type} matched`;
    const row = await recordInboundEvent(trx, { ...base, outcome, workflowRunIds: fired.runIds, detail });
    return { outcome, eventId: row.id, workflowRunIds: fired.runIds };
  });
}
