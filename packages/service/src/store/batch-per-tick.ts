/** What one item of a batch came to: its value, or the error its caller gets (a 404 is an outcome, not a failure). */
export type BatchOutcome<Out> =
  | { readonly ok: true; readonly value: Out }
  | { readonly ok: false; readonly error: unknown };

/** How to handle the items that arrive together. */
export interface BatchPerTickOptions<In, Out> {
  /** Handles a whole batch (in one transaction), one outcome per item in order; throwing fails the batch. */
  readonly run: (items: readonly In[]) => Promise<BatchOutcome<Out>[]>;
  /** Handles one item on its own: a lone item, and each item again after its batch failed. */
  readonly runAlone: (item: In) => Promise<Out>;
  /** The most items one batch takes. */
  readonly maxBatch: number;
  /** Told when a batch fails as a whole, before its items are tried again alone. */
  readonly onBatchError?: ((error: unknown, size: number) => void) | undefined;
}

interface Waiting<In, Out> {
  readonly item: In;
  readonly resolve: (value: Out) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Collects items that arrive together and hands them to `run` as one batch, so concurrent requests share one
 * transaction and its statements. One batch is in flight at a time: items arriving meanwhile wait and form the
 * next one (group commit's shape, and on PostgreSQL no two batches can lock the same rows in opposite orders).
 * When a batch fails as a whole, each of its items is tried again alone, so one bad item cannot fail the others.
 *
 * @example
 * const fire = batchPerTick({ run: (hooks) => acceptAll(hooks), runAlone: acceptOne, maxBatch: 200 });
 * const result = await fire(hook);
 */
export function batchPerTick<In, Out>(options: BatchPerTickOptions<In, Out>): (item: In) => Promise<Out> {
  let pending: Waiting<In, Out>[] = [];
  let scheduled = false;
  let running = false;

  const runAlone = (waiting: Waiting<In, Out>) => options.runAlone(waiting.item).then(waiting.resolve, waiting.reject);

  async function handle(batch: Waiting<In, Out>[]): Promise<void> {
    if (batch.length === 1) return runAlone(batch[0] as Waiting<In, Out>);
    let outcomes: BatchOutcome<Out>[];
    try {
      outcomes = await options.run(batch.map((waiting) => waiting.item));
    } catch (error) {
      options.onBatchError?.(error, batch.length);
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

  async function drain(): Promise<void> {
    running = true;
    while (pending.length > 0) {
      const batch = pending.slice(0, options.maxBatch);
      pending = pending.slice(batch.length);
      await handle(batch);
    }
    running = false;
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (scheduled || running) return;
      scheduled = true;
      // One turn of the event loop lets the requests already in flight join.
      setImmediate(() => {
        scheduled = false;
        void drain();
      });
    });
}
