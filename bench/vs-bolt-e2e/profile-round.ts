import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type CpuProfile, type SampleWindow, summarizeCpuProfile } from "../lib/summarize-cpu-profile.ts";
import { type LoadOptions, measureSide } from "./measure.ts";
import { statementTimesFile } from "./start-side.ts";

const TOP = 15;

/**
 * `--profile` (D553): one load of the service side with `node --cpu-prof` in the service's and the adapter's
 * processes, the profiles kept under bench/out/, and each one's top functions by self time in the measured load printed.
 */
export async function profileRound(options: Omit<LoadOptions, "profileDir">): Promise<void> {
  const stamp = new Date().toISOString().replaceAll(":", "-").replace(/\..*$/, "");
  const profileDir = new URL(`../out/vs-bolt-e2e-profile-${stamp}/`, import.meta.url).pathname;
  mkdirSync(profileDir, { recursive: true });
  const sample = await measureSide("service", { ...options, profileDir });
  if (sample.fault !== undefined) throw new Error(`service: ${sample.fault}`);
  const rate = Math.round(sample.eventsPerS);
  console.log(`profiled load: ${rate} deliveries/s under the profiler (not a figure to compare)`);
  for (const name of ["service", "adapter"]) {
    const dir = join(profileDir, name);
    const file = readdirSync(dir).find((entry) => entry.endsWith(".cpuprofile"));
    if (file === undefined) throw new Error(`${dir}: no .cpuprofile was written`);
    printTop(name, join(dir, file), sample.window);
  }
  // Each SQLite statement's CPU on the service's main thread during the load, under the profiler (D625).
  const statements = statementTimesFile(profileDir);
  console.log(`\nservice: ${statements}\n${readFileSync(statements, "utf8").trimEnd().replace(/^/gm, "  ")}`);
  console.log(`\nmore of one: npx tsx bench/lib/cpuprofile-summary.ts <file> self|inclusive [top] [filter]`);
}

function printTop(name: string, file: string, window: SampleWindow): void {
  // Only the measured load's samples: start-up, module loading and the warm-up stay out (D553).
  const totals = summarizeCpuProfile(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, "self", window);
  const busy = [...totals].filter(([fn]) => !fn.startsWith("(idle)")).reduce((sum, [, us]) => sum + us, 0);
  console.log(
    `\n${name}: ${file}\n  top ${TOP} functions by self time during the measured load (share of the busy time)`,
  );
  const rows = [...totals].filter(([fn]) => !fn.startsWith("(idle)")).sort((a, b) => b[1] - a[1]);
  for (const [fn, us] of rows.slice(0, TOP)) {
    console.log(`  ${(us / 1000).toFixed(0).padStart(6)} ms ${((100 * us) / busy).toFixed(1).padStart(5)}%  ${fn}`);
  }
}
