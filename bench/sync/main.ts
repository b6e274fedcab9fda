// bench/sync (A16, issue 17): BENCH_FILES small files (default 10,000, 200 to 1,000 bytes each) synced from the files
// sample's WebDAV stand-in through the files adapter and the service's sources sync (SQLite, synchronous=FULL, the
// service's default), started and followed through the public API, against the floor: the same PROPFIND walk and a
// GET of every file straight from the stand-in, at the same concurrency (the service's 8, D206). Each process is its own:
// the stand-in, the adapter, the service; the floor runs in this one. Floor and sync alternate within each round
// (D30), and the ratio is the median of each round's own (its floor and its sync ran side by side in time). Goal: at
// least 0.7 of the floor's files/s, and the service's memory flat as the files arrive: its RSS, and its live heap
// (after a collection it is asked for), are printed when 1,000 and when all files have arrived. CPU time of each
// process per round is printed too (from /proc: Linux only). Knobs: BENCH_FILES, BENCH_ROUNDS (default 3),
// BENCH_CONCURRENCY (default 8).
import { median } from "../lib/median.ts";
import { cpuMsOf } from "../lib/proc-stats.ts";
import { startChild } from "../lib/start-child.ts";
import { stopChild } from "../lib/stop-child.ts";
import { syncBaseline } from "./baseline.ts";
import { BENCH_ROOT, benchTree } from "./bench-tree.ts";
import { type MemoryPoint, measureSync, resetSource, type ServiceHandle, type SyncSample } from "./run-sync.ts";

const FILES = Number(process.env.BENCH_FILES ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const GOAL = 0.7;
const SECRET = "whsec_YmVuY2gtc3luYy1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5";

const rate = (files: number, seconds: number) => Math.round(files / seconds);
const FLOOR_CLIENT = "floor client";
const ownCpuMs = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
/** CPU µs per file the named processes spent between two readings. */
const cpuPerFile = (before: Record<string, number>, after: Record<string, number>, names: readonly string[]) =>
  (names.reduce((sum, name) => sum + (after[name] ?? 0) - (before[name] ?? 0), 0) * 1000) / FILES;
const mib = (point: MemoryPoint) => `RSS ${point.rss.toFixed(0)} MiB, live heap + buffers ${point.heap.toFixed(1)} MiB`;

function showMemory({ memory }: Pick<SyncSample, "memory">): string {
  const files = FILES.toLocaleString("en-US");
  return (
    `service memory at 1,000 files: ${mib(memory.at1000)}; at ${files}: ${mib(memory.atAll)}; ` +
    `after the commit: ${mib(memory.after)}`
  );
}

async function main(): Promise<void> {
  const { bytes: treeBytes } = benchTree(FILES);
  console.log(
    `sync: ${FILES} files (${(treeBytes / 1024 / 1024).toFixed(1)} MiB) under ${BENCH_ROOT}, concurrency ` +
      `${CONCURRENCY}, ${ROUNDS} rounds; starting the stand-in, the adapter and the service`,
  );
  const dav = await startChild(new URL("./dav-server.ts", import.meta.url), { BENCH_FILES: String(FILES) });
  const adapter = await startChild(new URL("./adapter-server.ts", import.meta.url), { BENCH_APP_SECRET: SECRET });
  const serviceChild = await startChild(
    new URL("./service-server.ts", import.meta.url),
    {
      BENCH_APP_SECRET: SECRET,
      BENCH_ADAPTER_URL: adapter.ready,
      BENCH_CREDENTIALS: dav.ready,
      BENCH_CONCURRENCY: String(CONCURRENCY),
    },
    ["--expose-gc"],
  );
  const service: ServiceHandle = { ...JSON.parse(serviceChild.ready), child: serviceChild };
  const pids = {
    service: serviceChild.child.pid as number,
    adapter: adapter.child.pid as number,
    "stand-in": dav.child.pid as number,
  };
  const cpu = () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMsOf(pid)]));
  const cpuSince = (before: Record<string, number>) =>
    Object.entries(cpu())
      .map(([name, ms]) => `${name} ${((ms - (before[name] ?? 0)) / 1000).toFixed(1)} s`)
      .join(", ");

  const floors: number[] = [];
  const floorCpu: number[] = [];
  const syncCpu: number[] = [];
  const syncs: SyncSample[] = [];
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const floorFirst = round % 2 === 1;
      for (const step of floorFirst ? ["floor", "sync"] : ["sync", "floor"]) {
        if (step === "floor") {
          const before = { ...cpu(), [FLOOR_CLIENT]: ownCpuMs() };
          const started = performance.now();
          const floor = await syncBaseline(JSON.parse(dav.ready), BENCH_ROOT, CONCURRENCY);
          const seconds = (performance.now() - started) / 1000;
          floorCpu.push(cpuPerFile(before, { ...cpu(), [FLOOR_CLIENT]: ownCpuMs() }, ["stand-in", FLOOR_CLIENT]));
          if (floor.files !== FILES || floor.bytes !== treeBytes)
            throw new Error(`the floor read ${floor.files} files`);
          floors.push(rate(FILES, seconds));
          console.log(
            `round ${round}/${ROUNDS} floor: ${FILES} files in ${seconds.toFixed(1)} s = ${rate(FILES, seconds)} ` +
              `files/s; CPU ${cpuSince(before)}, floor client ${((ownCpuMs() - (before[FLOOR_CLIENT] ?? 0)) / 1000).toFixed(1)} s`,
          );
        } else {
          await resetSource(service, BENCH_ROOT);
          const before = cpu();
          let shown = 0;
          const sample = await measureSync(service, FILES, (fetched, rssMiB) => {
            if (performance.now() - shown < 3_000) return;
            shown = performance.now();
            console.log(`  sync: ${fetched}/${FILES} files arrived, service RSS ${rssMiB.toFixed(0)} MiB`);
          });
          const { sync } = sample;
          if (sync.state !== "succeeded" || sync.added !== FILES || sync.bytes !== treeBytes) {
            throw new Error(`the sync ended ${sync.state} with ${sync.added} files: ${sync.errors.join("; ")}`);
          }
          syncs.push(sample);
          syncCpu.push(cpuPerFile(before, cpu(), ["service", "adapter", "stand-in"]));
          console.log(
            `round ${round}/${ROUNDS} sync:  ${FILES} files in ${sample.seconds.toFixed(1)} s = ` +
              `${rate(FILES, sample.seconds)} files/s; CPU ${cpuSince(before)}\n  ${showMemory(sample)}`,
          );
        }
      }
    }
  } finally {
    for (const child of [serviceChild, adapter, dav]) await stopChild(child);
  }
  const floor = median(floors);
  const rates = syncs.map((sample) => rate(FILES, sample.seconds));
  const synced = median(rates);
  const ratios = rates.map((value, index) => value / (floors[index] ?? Number.NaN));
  const ratio = median(ratios);
  const memory = (pick: (sample: SyncSample) => MemoryPoint): MemoryPoint => ({
    rss: median(syncs.map((sample) => pick(sample).rss)),
    heap: median(syncs.map((sample) => pick(sample).heap)),
  });
  console.log(
    `\nsync vs floor: ${synced} vs ${floor} files/s (medians); ratio per round ` +
      `${ratios.map((value) => value.toFixed(2)).join(", ")}, median ${ratio.toFixed(2)} (goal ≥ ${GOAL}): ` +
      `${ratio >= GOAL ? "met" : "NOT MET"}`,
  );
  const medians = {
    at1000: memory((sample) => sample.memory.at1000),
    atAll: memory((sample) => sample.memory.atAll),
    after: memory((sample) => sample.memory.after),
  };
  console.log(`medians: ${showMemory({ memory: medians })}`);
  const cpuUs = { floor: median(floorCpu), sync: median(syncCpu) };
  console.log(
    `CPU per file, every process involved (medians; steadier than files/s on a loaded machine): floor ` +
      `${cpuUs.floor.toFixed(0)} µs (stand-in + client), sync ${cpuUs.sync.toFixed(0)} µs (service + adapter + ` +
      `stand-in), ratio ${(cpuUs.floor / cpuUs.sync).toFixed(2)}`,
  );
  const result = { files: FILES, concurrency: CONCURRENCY, floor, sync: synced, ratio, cpuUs, memory: medians };
  console.log(`RESULT ${JSON.stringify(result)}`);
}

await main();
