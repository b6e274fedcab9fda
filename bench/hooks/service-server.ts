// Child process: the subject. The real reference service on SQLite in a fresh temp dir, with its run worker on
// (off with BENCH_WORKER=off), serving the demo webhook trigger; prints the hook URL when ready. With
// BENCH_STORE=postgres it runs on the PostgreSQL schema BENCH_SCHEMA of BENCH_DATABASE_URL instead (never on a
// BENCH_DATABASE_URL it merely inherits), counts the statements it sends from READY on (printed as STATEMENTS when it
// stops), and drops the schema.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { dropSchema } from "../lib/bench-postgres.ts";
import { countStatements } from "../lib/count-statements.ts";

const dataDir = mkdtempSync(join(tmpdir(), "bench-hooks-service-"));
const onPostgres = process.env.BENCH_STORE === "postgres";
const databaseUrl = onPostgres ? process.env.BENCH_DATABASE_URL : undefined;
const schema = process.env.BENCH_SCHEMA;
if (onPostgres && (databaseUrl === undefined || schema === undefined)) {
  throw new Error("BENCH_STORE=postgres needs BENCH_DATABASE_URL and BENCH_SCHEMA");
}
const statements = databaseUrl === undefined ? undefined : countStatements();
// Request logs go nowhere and the per-token limit is off: the bench measures the hot path, not the log sink.
const service = await createService({
  dataDir,
  ...(databaseUrl === undefined ? {} : { databaseUrl, schema }),
  logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
  rateLimit: false,
  sqliteSynchronous: process.env.ADAPTERKIT_SQLITE_SYNCHRONOUS === "normal" ? "normal" : "full",
  ...(process.env.BENCH_WORKER === "off" ? { worker: false as const } : {}),
  ...(process.env.BENCH_WORKER_CONCURRENCY
    ? { worker: { concurrency: Number(process.env.BENCH_WORKER_CONCURRENCY) } }
    : {}),
});
await service.listen(0, "127.0.0.1");
const demo = await service.bootstrapDemo();
const cpuAtReady = process.cpuUsage();
statements?.mark();
process.stdout.write(`READY ${demo.hookUrl}\n`);
process.on("SIGTERM", async () => {
  // CPU time from READY on (the load, and the runs the worker executed meanwhile), before the counting below.
  const cpu = process.cpuUsage(cpuAtReady);
  process.stdout.write(`CPU ${(cpu.user + cpu.system) / 1000}\n`);
  if (statements !== undefined) process.stdout.write(`STATEMENTS ${statements.statements}\n`);
  // Whether the run worker kept up: runs still queued when the load stopped are a backlog, not throughput.
  const counts = await service.store.db
    .selectFrom("workflow_runs")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, Number(row.count)]));
  process.stdout.write(`RUNS ${JSON.stringify(byStatus)}\n`);
  if (onPostgres && schema !== undefined) await dropSchema(service.store.db, schema);
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
