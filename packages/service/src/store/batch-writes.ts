import type { Kysely } from "kysely";
import { type BatchOutcome, batchPerTick } from "./batch-per-tick.ts";
import type { Database } from "./database.ts";
import { onPostgres } from "./prepared-query.ts";

/** How an intake writes what arrives: the ways it can, from the cheapest. */
export interface BatchWrites<In, Out> {
  /**
   * PostgreSQL only: the items written in one statement of their own (D633, D639), or undefined, having written
   * nothing, when they need the transaction. Throws only having written nothing.
   */
  readonly inOneStatement: (items: readonly In[]) => Promise<BatchOutcome<Out>[] | undefined>;
  /** The items written inside `trx`, one outcome per item in order. */
  readonly inTransaction: (trx: Kysely<Database>, items: readonly In[]) => Promise<BatchOutcome<Out>[]>;
  /** One item in a transaction of its own. */
  readonly alone: (item: In) => Promise<Out>;
  readonly maxBatch: number;
  readonly onBatchError: (error: unknown, size: number) => void;
}

/**
 * batchPerTick for writes whose callers hear of them only after they committed: the hook intake's and the inbound
 * intake's. On PostgreSQL a batch, and a lone item, is first tried as one statement; what that cannot write takes a
 * transaction (a lone item `alone`, which also takes one whose statement threw). A COMMIT that failed may still have
 * happened on PostgreSQL: then each item answers that error instead of being written twice.
 */
export function batchWrites<In, Out>(db: Kysely<Database>, writes: BatchWrites<In, Out>): (item: In) => Promise<Out> {
  const oneStatement = onPostgres(db);
  const alone = async (item: In) => {
    if (!oneStatement) return writes.alone(item);
    const [outcome] = (await writes.inOneStatement([item]).catch(() => undefined)) ?? [];
    if (outcome === undefined) return writes.alone(item);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  };
  return batchPerTick<In, Out>({
    async run(items) {
      if (oneStatement) {
        const outcomes = await writes.inOneStatement(items);
        if (outcomes !== undefined) return outcomes;
      }
      let written = false;
      try {
        return await db.transaction().execute(async (trx) => {
          const outcomes = await writes.inTransaction(trx, items);
          written = true;
          return outcomes;
        });
      } catch (error) {
        if (written) return items.map(() => ({ ok: false as const, error }));
        throw error;
      }
    },
    runAlone: alone,
    maxBatch: writes.maxBatch,
    onBatchError: writes.onBatchError,
  });
}
