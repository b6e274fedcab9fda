// bench/scheduler: 100,000 enabled schedule triggers, 10,000 of them due in the same minute, on SQLite. The
// scheduler wakes for the due minute by itself; we measure the lag from each slot to its run's creation and the
// firings per second, against a baseline measured in the same run (D30): the same rows (run, session,
// trigger run, counters) for the same 10,000 triggers, written by a plain loop from the due instant with no
// scheduler, one firing and four single-row statements to a transaction (the scheduler writes a group's rows with
// multi-row statements, D100). Goal (issue 7): p99 lag under 1 s on SQLite. No assertions: it prints. The seed is checkpointed into
// the database file before the clock nears the due minute, as triggers created long before would be; the firings'
// own writes are checkpointed by the service while it fires, as in production.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService, type SchedulerOptions, type Service } from "@adapterkit/service";
import Sqlite from "better-sqlite3";
import { SQLITE_FILE } from "../../packages/service/src/store/open-store.ts";
import { recordFiring } from "../../packages/service/src/triggers/record-firing.ts";
import { toPayloadInput } from "../../packages/service/src/triggers/schedule-settings.ts";
import { DUE_AT, seedTriggers } from "./seed.ts";

const TOTAL = Number(process.env.BENCH_TRIGGERS ?? 100_000);
const DUE = Number(process.env.BENCH_DUE ?? 10_000);
// How long before the due minute the scheduler is left to sleep on its own.
const LEAD_MS = 1500;
const GOAL_P99_MS = 1000;

interface Result {
  readonly p50: number;
  readonly p99: number;
  readonly perSecond: number;
}

/** A service on a fresh SQLite dir whose clock reads the real one shifted by `offset` (so 2030 comes soon). */
async function open(
  scheduler: SchedulerOptions | false,
): Promise<{ service: Service; shift(to: number): void; dispose(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-scheduler-"));
  let offset = DUE_AT - 60_000 - Date.now();
  const service = await createService({
    dataDir,
    logLevel: "silent",
    worker: false,
    callbacks: false,
    rateLimit: false,
    scheduler,
    now: () => new Date(Date.now() + offset),
  });
  return {
    service,
    shift(to) {
      offset = to - Date.now();
    },
    async dispose() {
      await service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Copies the seed from the WAL into the database file, from a connection of its own (the service's stays idle). */
function checkpointSeed(service: Service): void {
  const connection = new Sqlite(join(service.store.dataDir, SQLITE_FILE));
  try {
    connection.pragma("wal_checkpoint(PASSIVE)");
  } finally {
    connection.close();
  }
}

/** Lag of every schedule run created for the due slot: run creation minus the slot. */
async function lags(service: Service): Promise<Result> {
  const rows = await service.store.db
    .selectFrom("trigger_runs")
    .innerJoin("workflow_runs", "workflow_runs.id", "trigger_runs.workflow_run_id")
    .select(["trigger_runs.scheduled_for", "workflow_runs.created_at"])
    .where("trigger_runs.scheduled_for", "=", new Date(DUE_AT).toISOString())
    .execute();
  if (rows.length !== DUE) throw new Error(`expected ${DUE} firings of the due slot, found ${rows.length}`);
  const sorted = rows.map((row) => Date.parse(row.created_at) - DUE_AT).sort((a, b) => a - b);
  const last = sorted.at(-1) ?? 0;
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), perSecond: DUE / (Math.max(last, 1) / 1000) };
}

async function measureScheduler(options: SchedulerOptions): Promise<Result> {
  const { service, shift, dispose } = await open(options);
  try {
    await seedTriggers(service, { total: TOTAL, due: DUE });
    checkpointSeed(service);
    shift(DUE_AT - LEAD_MS);
    // Seeded behind its back, as another instance would; from here on it must wake for DUE_AT by itself.
    service.scheduler?.wake();
    const deadline = Date.now() + LEAD_MS + 120_000;
    for (;;) {
      const { count } = await service.store.db
        .selectFrom("trigger_runs")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      if (Number(count) >= DUE) break;
      if (Date.now() > deadline) throw new Error(`only ${count} of ${DUE} fired within two minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return await lags(service);
  } finally {
    await dispose();
  }
}

async function measureBaseline(): Promise<Result> {
  const { service, shift, dispose } = await open(false);
  try {
    await seedTriggers(service, { total: TOTAL, due: DUE });
    checkpointSeed(service);
    const { db } = service.store;
    const due = await db
      .selectFrom("triggers")
      .selectAll()
      .where("next_fire_at", "=", new Date(DUE_AT).toISOString())
      .orderBy("id")
      .execute();
    shift(DUE_AT);
    const scheduledFor = new Date(DUE_AT).toISOString();
    for (const trigger of due) {
      await db
        .transaction()
        .execute((trx) =>
          recordFiring(
            trx,
            { trigger, source: "schedule", scheduledFor, input: toPayloadInput(trigger) },
            service.context.now(),
          ),
        );
    }
    return await lags(service);
  } finally {
    await dispose();
  }
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const line = (name: string, result: Result) =>
  `${name.padEnd(44)} p50 ${ms(result.p50).padStart(8)}   p99 ${ms(result.p99).padStart(8)}   ${result.perSecond.toFixed(0).padStart(6)} firings/s`;

console.log(
  `${TOTAL.toLocaleString("en")} enabled schedule triggers, ${DUE.toLocaleString("en")} due in the same minute, SQLite`,
);
const baseline = await measureBaseline();
console.log(line("baseline (same inserts, no scheduler)", baseline));
const scheduler = await measureScheduler({});
console.log(line("scheduler (defaults: 200 firings a commit)", scheduler));
const single = await measureScheduler({ firingsPerTransaction: 1 });
console.log(line("scheduler (1 firing a commit)", single));
for (const [name, result] of [
  ["defaults", scheduler],
  ["1 firing a commit", single],
] as const) {
  const throughput = (result.perSecond / baseline.perSecond).toFixed(2);
  const p99 = (result.p99 / Math.max(baseline.p99, 1)).toFixed(2);
  console.log(`scheduler (${name}) vs baseline: firings/s ×${throughput}, p99 lag ×${p99}`);
}
console.log(
  `goal p99 lag < ${ms(GOAL_P99_MS)}: ${scheduler.p99 < GOAL_P99_MS ? "met" : "not met"} (${ms(scheduler.p99)})`,
);
