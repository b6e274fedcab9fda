import { once } from "node:events";
import type { BenchChild } from "./start-child.ts";

/** Whether the child is still running (not yet stopped). */
export const isRunning = ({ child }: Pick<BenchChild, "child">): boolean =>
  child.exitCode === null && child.signalCode === null;

/**
 * Stops a child with SIGTERM and returns what it printed from then on, keyed by each line's first word (`CPU 123`
 * → `CPU: "123"`): the children report their CPU time and counts when told to stop.
 */
export async function stopChild({ child, lines }: BenchChild): Promise<Map<string, string>> {
  const exited = isRunning({ child }) ? once(child, "exit") : Promise.resolve();
  child.kill("SIGTERM");
  const report = new Map<string, string>();
  for (let line = await lines.next(); !line.done; line = await lines.next()) {
    const match = /^([A-Z]+) (.+)$/.exec(line.value);
    if (match?.[1] !== undefined && match[2] !== undefined) report.set(match[1], match[2]);
  }
  await exited;
  return report;
}
