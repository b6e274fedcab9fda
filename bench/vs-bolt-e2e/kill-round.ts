import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import type { BenchChild } from "../lib/start-child.ts";
import { isRunning, stopChild } from "../lib/stop-child.ts";
import { newAnswers, slackDeliveries } from "../vs-bolt/deliveries.ts";
import { checkStore, SERVICE_STORE, type StoreCheck } from "./check-store.ts";
import { answeredIds } from "./measure.ts";
import { SECRETS, SERVICE_ANSWERS, type Synchronous, startServiceProcess, startSide } from "./start-side.ts";

/** What the kill round saw: answers before the kill, the store after the restart, and why it failed, if it did. */
export interface KillCheck {
  readonly answered: number;
  readonly retriesSent: number;
  readonly duplicates: number;
  readonly afterRestart: number;
  readonly store: StoreCheck;
  readonly fault: string | undefined;
}

/**
 * Loads the service (with Slack's retries) for `duration` s and kills its process with SIGKILL, by its PID, halfway;
 * restarts it on the same data dir, delivers 1 s more through it, stops it, and checks that every event answered 200
 * before or after the kill is in the store exactly once, with its run (D554).
 */
export async function killRound(options: {
  duration: number;
  connections: number;
  synchronous: Synchronous;
  retryEvery: number;
}): Promise<KillCheck> {
  const dir = mkdtempSync(join(tmpdir(), "bench-vs-bolt-e2e-kill-"));
  const children: BenchChild[] = [];
  try {
    const started = await startSide("service", { dir, synchronous: options.synchronous });
    const [service, adapter] = started.processes.map(({ child }) => child) as [BenchChild, BenchChild];
    children.push(adapter, service);
    const answers = newAnswers();
    const requests = slackDeliveries(started.inbound.pathname, SECRETS.slack, answers, {
      ...SERVICE_ANSWERS,
      retryEvery: options.retryEvery,
    });
    const exited = once(service.child, "exit");
    const timer = setTimeout(() => service.child.kill("SIGKILL"), (options.duration * 1000) / 2);
    // Connections fail from the kill on; only the answers that arrived count.
    await autocannon({
      url: started.inbound.origin,
      requests,
      connections: options.connections,
      duration: options.duration,
    });
    clearTimeout(timer);
    await exited;
    const answeredBefore = answeredIds(answers).size;
    const restarted = await startServiceProcess(
      { dir, synchronous: options.synchronous },
      JSON.parse(adapter.ready),
      started.inbound.pathname,
    );
    children.push(restarted);
    const origin = new URL(restarted.ready).origin;
    const again = slackDeliveries(started.inbound.pathname, SECRETS.slack, answers, SERVICE_ANSWERS);
    const after = await autocannon({ url: origin, requests: again, connections: 4, duration: 1 });
    await stopChild(restarted);
    const store = checkStore(join(dir, "adapterkit.sqlite"), SERVICE_STORE, answeredIds(answers));
    const afterRestart = answeredIds(answers).size - answeredBefore;
    return {
      answered: answeredBefore,
      retriesSent: answers.retriesSent,
      duplicates: answers.duplicates.size,
      afterRestart,
      store,
      fault: killFault(store, {
        answeredBefore,
        afterRestart,
        acceptedTwice: answers.acceptedTwice,
        wrong: answers.wrong,
        errors: after.errors,
      }),
    };
  } finally {
    for (const child of children) if (isRunning(child)) await stopChild(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

function killFault(
  store: StoreCheck,
  seen: { answeredBefore: number; afterRestart: number; acceptedTwice: number; wrong: string[]; errors: number },
): string | undefined {
  if (seen.answeredBefore === 0) return "no event was answered before the kill: nothing was checked";
  if (seen.afterRestart === 0 || seen.errors > 0 || seen.wrong.length > 0) {
    return `the restarted service did not serve: ${seen.errors} errors; ${seen.wrong.join(" | ")}`;
  }
  if (store.missing > 0) return `${store.missing} events answered 200 are not in the store after the restart`;
  if (store.twice > 0 || seen.acceptedTwice > 0) return "an event is in the store, or was accepted, more than once";
  if (store.runs !== store.stored) return `${store.stored} events stored but ${store.runs} runs`;
  return undefined;
}
