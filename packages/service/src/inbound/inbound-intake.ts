import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { FrontDesk } from "../front-desk/front-desk.ts";
import type { WorkflowExecutor } from "../runs/workflow-executor.ts";
import { batchWrites } from "../store/batch-writes.ts";
import type { Database } from "../store/index.ts";
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
 * (routeInOneStatement, D633) where it needs no transaction (batchWrites). Every caller hears of its outcome only after
 * the commit; a failed COMMIT answers each message 500, and the platform's retry then finds its dedup key.
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
  const together = batchWrites<Arrival, RoutedMessage>(db, {
    inOneStatement: (arrivals) => routeInOneStatement(db, { ...deps, now: deps.now() }, arrivals),
    inTransaction: (trx, arrivals) => routeInboundTogether(trx, { ...deps, now: deps.now() }, arrivals),
    // Also where a message goes whose statement threw (a trigger deleted since the inbound cache read it, say): the
    // transaction reads its triggers afresh.
    alone: ({ event, receivedAt }) =>
      routeInboundMessage(db, { executor: deps.executor, frontDesk: deps.frontDesk, now: receivedAt }, event),
    maxBatch: MAX_MESSAGES_PER_BATCH,
    onBatchError: (error, size) =>
      deps.logger.warn(
        { err: error, messages: size },
        "a batch of inbound messages failed; each is routed again alone",
      ),
  });
  return { route: (event, receivedAt) => together({ event, receivedAt }) };
}
