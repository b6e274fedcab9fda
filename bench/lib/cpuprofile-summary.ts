// Summarises a V8 .cpuprofile (from a bench child run with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR", or
// `npm run bench -- vs-bolt-e2e --profile`): CPU time by function, self or inclusive, the idle time left out of the
// inclusive view. Run with tsx:
//   npx tsx bench/lib/cpuprofile-summary.ts DIR/CPU.….cpuprofile [self|inclusive] [top=40] [filter regex]
import { readFileSync } from "node:fs";
import { type CpuProfile, summarizeCpuProfile } from "./summarize-cpu-profile.ts";

const [file, mode = "self", top = "40", filter] = process.argv.slice(2);
if (file === undefined || (mode !== "self" && mode !== "inclusive")) {
  console.error("usage: cpuprofile-summary.ts FILE.cpuprofile [self|inclusive] [top] [filter regex]");
  process.exit(2);
}
const totals = summarizeCpuProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, mode);
const pattern = filter === undefined ? undefined : new RegExp(filter);
const rows = [...totals].filter(([name]) => pattern?.test(name) ?? true).sort((a, b) => b[1] - a[1]);
for (const [name, us] of rows.slice(0, Number(top))) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
