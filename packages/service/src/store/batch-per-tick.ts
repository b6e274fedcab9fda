/** What one item of a batch came to: its value, or the error its caller gets (a 404 is an outcome, not a failure). */
export type BatchOutcome<Out> =
  | { readonly ok: true; readonly value: Out }
  | { readonly ok: false; readonly error: unknown };

/** How to handle the items collected in one turn of the event loop. */
export interface BatchPerTickOptions<In, Out> {
  /** Handles a whole batch (in one transaction), one outcome per item in order; throwing fails the batch. */
  readonly run: (items: readonly In[]) => Promise<BatchOutcome<Out>[]>;
  /** Handles one item on its own: a lone item, and each item again after its batch failed. */
  readonly runAlone: (item: In) => Promise<Out>;
  /** The most items one batch takes; more arriving at once start another. */
  readonly maxBatch: number;
}

/**
 * Collects the items that arrive in one turn of the event loop and hands them to `run` together, so concurrent
 * requests share one transaction and its statements. When a batch fails as a whole, each of its items is tried
 * again alone, so one bad item cannot fail the others.
 *
 * @example
 * const fire = batchPerTick({ run: (hooks) => db.transaction().execute((trx) => acceptHooks(trx, hooks)), runAlone, maxBatch: 200 });
 * const result = await fire(hook);
 */
export function batchPerTick<In, Out>(options: BatchPerTickOptions<In, Out>): (item: In) => Promise<Out> {
  interface Waiting {
    readonly item: In;
    readonly resolve: (value: Out) => void;
    readonly reject: (error: unknown) => void;
  }
  let pending: Waiting[] = [];
  let scheduled = false;

  const runAlone = (waiting: Waiting) => options.runAlone(waiting.item).then(waiting.resolve, waiting.reject);

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    if (batch.length === 1) return runAlone(batch[0] as Waiting);
    let outcomes: BatchOutcome<Out>[];
    try {
      outcomes = await options.run(batch.map((waiting) => waiting.item));
    } catch {
      await Promise.all(batch.map(runAlone));
      return;
    }
    for (const [index, waiting] of batch.entries()) {
      const outcome = outcomes[index];
      if (outcome === undefined) waiting.reject(new Error("a batch returned fewer outcomes than it was given items"));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    }
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (pending.length >= options.maxBatch) {
        void flush();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      // One turn of the event loop lets the requests already in flight join.
      setImmediate(() => {
        scheduled = false;
        void flush();
      });
    });
}
