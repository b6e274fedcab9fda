// Child process (started with --expose-gc): the reference service on SQLite in a fresh temp dir, with the files App (served by the adapter child
// at BENCH_ADAPTER_URL, signing secret BENCH_APP_SECRET) installed for the stand-in's credentials BENCH_CREDENTIALS.
// The poll is off: the parent starts each sync through the API. Prints `READY <JSON: base URL, token, installation>`,
// and when told to stop `CPU <ms>`.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createService } from "@adapterkit/service";
import { env } from "../lib/env.ts";
import { reportCpu } from "../lib/report-cpu.ts";

const dataDir = mkdtempSync(join(tmpdir(), "bench-sync-service-"));
const service = await createService({
  dataDir,
  logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
  rateLimit: false,
  healthPolling: false,
  allowedHosts: ["127.0.0.1"],
  worker: false,
  sources: { poll: false, concurrency: Number(process.env.BENCH_CONCURRENCY ?? 8) },
  // Listing 10,000 files is a hundred PROPFINDs and can pass D11's 10 s on a loaded machine; the figure is the sync's.
  adapterTimeouts: { "list-changes": 60_000 },
});
const base = await service.listen(0, "127.0.0.1");
const actor = { organization: "bench", project: "main" };
const { token } = await service.createToken(actor);
await service.apps.register(actor, env("BENCH_ADAPTER_URL"), { signingSecret: env("BENCH_APP_SECRET") });
await service.apps.publish("files");
const installation = await service.apps.install(actor, {
  app: "files",
  credentials: { webdav: JSON.parse(env("BENCH_CREDENTIALS")) },
});

const printCpu = reportCpu();
// The parent asks (SIGUSR2, after reportCpu's MARK line) for what is live: the heap once collected, plus the memory
// outside it that Buffers hold.
// The collection holds the service up for tens of ms; its time is printed too, so the parent can leave it out.
const collect = (globalThis as { gc?: () => void }).gc;
process.on("SIGUSR2", () => {
  const started = performance.now();
  collect?.();
  const { heapUsed, external } = process.memoryUsage();
  const ms = performance.now() - started;
  process.stdout.write(`HEAP ${collect === undefined ? "NaN" : heapUsed + external} ${ms.toFixed(1)}\n`);
});
process.stdout.write(`READY ${JSON.stringify({ base, token, installationId: installation.id })}\n`);
process.on("SIGTERM", async () => {
  printCpu();
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
