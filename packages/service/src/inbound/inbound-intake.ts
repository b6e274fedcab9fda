import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { FrontDesk } from "../front-desk/front-desk.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { batchPerTick, type Database } from "../store/index.ts";
import { onPostgres } from "../store/prepared-query.ts";
import { routeInOneStatement } from "./route-in-one-statement.ts";
import {
  type InboundMessage,
  type ReadCandidates,
  type RoutedMessage,
  routeInboundMessage,
} from "./route-inbound-message.ts";
import { type Arrival, routeInboundTogether } from "./route-inbound-together.ts";

/** The most messages one batch routes; more arriving at once wait for the next. */
const MAX_MESSAGES_PER_BATCH = 200;

/** Where the inbound pipeline hands a message once the adapter has verified and parsed it. */
export interface InboundIntake {
  /** A9 after the bot check: dedup and routing; resolves once the message's outcome is committed. */
  route(event: InboundMessage, receivedAt: Date): Promise<RoutedMessage>;
}

/**
 * The inbound pipeline's intake (D177), shaped as the hook intake (D101): messages that arrive in the same turn of
 * the event loop are routed together in one transaction (routeInboundTogether) instead of about eight statements
 * each; one batch is in flight at a time; a lone message, and each message of a batch that failed before its
 * commit, takes routeInboundMessage alone. On PostgreSQL a batch or a lone message is one statement instead
 * (routeInOneStatement, D633) where it needs no transaction. Every caller hears of its outcome only after the commit.
 *
 * @example
 * const intake = createInboundIntake(db, { executor, frontDesk, now: () => new Date(), logger });
 * const { outcome, workflowRunIds } = await intake.route(message, receivedAt);
 */
export function createInboundIntake(
  db: Kysely<Database>,
  deps: {
    executor: WorkflowExecutor;
    frontDesk: FrontDesk;
    now: () => Date;
    logger: Logger;
    /** The app-event triggers an event type matches, from the inbound cache (D634). */
    candidates: ReadCandidates;
  },
): InboundIntake {
  const inOneStatement = onPostgres(db);
  const inTransaction = ({ event, receivedAt }: Arrival) =>
    routeInboundMessage(db, { executor: deps.executor, frontDesk: deps.frontDesk, now: receivedAt }, event);
  // A statement that threw wrote nothing (a trigger deleted since the inbound cache read it, say): the transaction
  // then routes the message, reading its triggers afresh.
  const alone = async (arrival: Arrival) => {
    if (!inOneStatement) return inTransaction(arrival);
    const [outcome] =
      (await routeInOneStatement(db, { ...deps, now: arrival.receivedAt }, [arrival]).catch(() => undefined)) ?? [];
    if (outcome === undefined) return inTransaction(arrival);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
  const together = batchPerTick<Arrival, RoutedMessage>({
    async run(arrivals) {
      if (inOneStatement) {
        const outcomes = await routeInOneStatement(db, { ...deps, now: deps.now() }, arrivals);
        if (outcomes !== undefined) return outcomes;
      }
      let routed = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const routing = { ...deps, now: deps.now() };
          const outcomes = await routeInboundTogether(trx, routing, arrivals);
          routed = true;
          return outcomes;
        });
      } catch (error) {
        // The COMMIT itself failed, and on PostgreSQL it may still have happened: routing the messages again
        // could start every run twice, so each answers 500 (the platform retries; dedup then finds the key).
        if (routed) return arrivals.map(() => ({ ok: false as const, error }));
        throw error;
      }
    },
    runAlone: alone,
    maxBatch: MAX_MESSAGES_PER_BATCH,
    onBatchError: (error, size) =>
      deps.logger.warn(
        { err: error, messages: size },
        "a batch of inbound messages failed; each is routed again alone",
      ),
  });
  return { route: (event, receivedAt) => together({ event, receivedAt }) };
}
