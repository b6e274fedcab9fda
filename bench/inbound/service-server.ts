// Child process: the reference service on SQLite in a fresh temp dir with the chat App (served by the adapter child
// at BENCH_ADAPTER_URL, signing secret BENCH_APP_SECRET, stand-in credentials BENCH_CREDENTIALS) installed in the demo
// organization as `npm start` installs it, and one app-event trigger for its messages. The run worker is off unless
// BENCH_WORKER=on: the figure is the inbound path up to the committed event and queued run (as bench/hooks, D102).
// Prints `READY <inbound URL>`, and when told to stop `CPU <ms>`, on PostgreSQL `STATEMENTS`/`COMMITS` (sent during the
// measured load), and `OUTCOMES`/`RUNS` counts.
// BENCH_STATEMENT_TIMES=<file>: on SQLite, each statement's CPU on the main thread from SIGUSR2 on, written there when
// told to stop (D625).
// BENCH_DATABASE_URL (and BENCH_SCHEMA): PostgreSQL instead; BENCH_JOIN=<inbound path> starts a further instance on a
// schema another one set up (no install, no trigger) and prints `READY` with its own address and that path.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createService } from "@adapterkit/service";
import { sql } from "kysely";
import { dropSchema } from "../lib/bench-postgres.ts";
import { countStatements } from "../lib/count-statements.ts";
import { env } from "../lib/env.ts";
import { reportCpu } from "../lib/report-cpu.ts";
import { timeStatements } from "../lib/time-statements.ts";

// BENCH_DATA_DIR: a dir the caller owns and shares (instances on one database share its service keys).
const ownDir = process.env.BENCH_DATA_DIR === undefined;
const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), "bench-inbound-service-"));
const databaseUrl = process.env.BENCH_DATABASE_URL;
const joining = process.env.BENCH_JOIN;
// On PostgreSQL, the statements and commits this instance sends during the measured load (printed when it stops).
const statements = databaseUrl === undefined ? undefined : countStatements();
const statementTimesFile = process.env.BENCH_STATEMENT_TIMES;
const statementTimes = databaseUrl === undefined && statementTimesFile !== undefined ? timeStatements() : undefined;
const service = await createService({
  dataDir,
  ...(databaseUrl === undefined ? {} : { databaseUrl, schema: process.env.BENCH_SCHEMA }),
  logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
  rateLimit: false,
  healthPolling: false,
  allowedHosts: ["127.0.0.1"],
  sqliteSynchronous: process.env.ADAPTERKIT_SQLITE_SYNCHRONOUS === "normal" ? "normal" : "full",
  ...(process.env.BENCH_WORKER === "on" ? {} : { worker: false as const }),
});
const base = await service.listen(0, "127.0.0.1");
const inboundUrl = joining === undefined ? await setUp() : `${base}${joining}`;

async function setUp(): Promise<string> {
  const signingSecrets = await service.apps.demoSigningSecrets(["chat"], env("BENCH_APP_SECRET"));
  const [installation] = await service.apps.installDemoApps(
    { organization: "demo" },
    {
      adapters: [
        { slug: "chat", baseUrl: env("BENCH_ADAPTER_URL"), credentials: JSON.parse(env("BENCH_CREDENTIALS")) },
      ],
      signingSecrets,
    },
  );
  if (installation === undefined) throw new Error("the chat App did not install");
  // The demo Apps are installed into the demo project ("default"), which the trigger must be in (D336).
  const { token } = await service.createToken({ organization: "demo", project: "default" });
  async function post(path: string, json: unknown): Promise<{ id: number }> {
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(json),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: number };
  }
  const workflow = await post("/api/v1/workflows", { name: "inbound", stages: [{ name: "intake", action: "echo" }] });
  await post(`/api/v1/workflows/${workflow.id}/triggers`, {
    type: "app_event",
    name: "inbound",
    event_type: "message.received",
    app_installation_id: installation.id,
    target_stage: "intake",
  });
  return installation.inbound_url;
}

const printCpu = reportCpu();
// How long the event loop was held up (ms): a synchronous stall (an fsync inside COMMIT) shows here.
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on("SIGUSR2", () => {
  loopDelay.reset();
  statements?.mark();
  statementTimes?.mark();
});
process.stdout.write(`READY ${inboundUrl}\n`);
process.on("SIGTERM", async () => {
  printCpu();
  if (statementTimes !== undefined && statementTimesFile !== undefined) {
    writeFileSync(statementTimesFile, `${statementTimes.report(15)}\n`);
  }
  if (statements !== undefined)
    process.stdout.write(`STATEMENTS ${statements.statements}\nCOMMITS ${statements.commits}\n`);
  // The histogram counts the timer's own 10 ms period in every sample: what is left is the delay.
  const ms = (ns: number) => Math.max(0, Math.round((ns - 10e6) / 1e5) / 10);
  process.stdout.write(`LOOP ${ms(loopDelay.percentile(50))}/${ms(loopDelay.percentile(99))}/${ms(loopDelay.max)}\n`);
  // Every event accepted, and a run queued for each: what the load's answers said, checked in the store.
  // Both counts in one snapshot: requests still in flight when the load stopped commit before or after both
  // (PostgreSQL's default READ COMMITTED gives each statement its own snapshot; a SQLite transaction is one).
  const transaction = service.store.db.transaction();
  const snapshot = databaseUrl === undefined ? transaction : transaction.setIsolationLevel("repeatable read");
  const counts = await snapshot.execute(async (trx) => {
    const count = async (table: string, column: string) => {
      const { rows } = await sql<{ key: string; count: number }>`select ${sql.ref(column)} as key, count(*) as count
        from ${sql.table(table)} group by ${sql.ref(column)}`.execute(trx);
      return JSON.stringify(Object.fromEntries(rows.map((row) => [row.key, Number(row.count)])));
    };
    // An event recorded more than once: a dedup key with two rows (every delivery has its own key).
    const { rows } = await sql<{ count: number }>`select count(*) as count from (select dedup_key from inbound_events
      where dedup_key is not null group by installation_id, dedup_key having count(*) > 1) as twice`.execute(trx);
    return {
      outcomes: await count("inbound_events", "outcome"),
      runs: await count("workflow_runs", "status"),
      duplicates: Number(rows[0]?.count),
    };
  });
  process.stdout.write(`OUTCOMES ${counts.outcomes}\n`);
  process.stdout.write(`RUNS ${counts.runs}\n`);
  process.stdout.write(`DUPLICATES ${counts.duplicates}\n`);
  if (process.env.BENCH_DROP_SCHEMA === "1" && process.env.BENCH_SCHEMA !== undefined) {
    await dropSchema(service.store.db, process.env.BENCH_SCHEMA);
  }
  await service.close();
  if (ownDir) rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
