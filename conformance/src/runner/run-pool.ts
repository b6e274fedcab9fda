/** A unit of work and whether it must run with nothing else in flight. */
export interface PoolTask<T> {
  readonly exclusive: boolean;
  readonly run: () => Promise<T>;
}

/**
 * Runs the shared tasks with at most `concurrency` in flight, then each exclusive task alone, in order. Results
 * come back in task order.
 */
export async function runPool<T>(tasks: readonly PoolTask<T>[], concurrency: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  const shared = [...tasks.entries()].filter(([, task]) => !task.exclusive);
  let next = 0;
  const worker = async () => {
    while (next < shared.length) {
      const [index, task] = shared[next++] as [number, PoolTask<T>];
      results[index] = await task.run();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, shared.length)) }, worker));
  for (const [index, task] of tasks.entries()) {
    if (task.exclusive) results[index] = await task.run();
  }
  return results;
}
