// Summarises a V8 .cpuprofile (from a bench child run with BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR"): CPU time
// by function, self or inclusive, the idle time left out of the inclusive view. Run with tsx:
//   npx tsx bench/lib/cpuprofile-summary.ts DIR/CPU.….cpuprofile [self|inclusive] [top=40] [filter regex]
import { readFileSync } from "node:fs";

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

// node_modules and worktree prefixes are dropped, so names read the same from any checkout.
const nameOf = ({ callFrame }: ProfileNode): string =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(packages|adapters|bench|conformance)\//, "$1/")}:${callFrame.lineNumber + 1}`;

/** Microseconds of samples taken in each node. */
function sampledTime(profile: CpuProfile): Map<number, number> {
  const time = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  return time;
}

/** Time by function name: where the samples were taken (self), or anywhere on their stacks (inclusive). */
export function summarize(profile: CpuProfile, mode: "self" | "inclusive"): Map<string, number> {
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const time = sampledTime(profile);
  const totals = new Map<string, number>();
  for (const node of profile.nodes) {
    const spent = time.get(node.id) ?? 0;
    if (spent === 0 || (mode === "inclusive" && node.callFrame.functionName === "(idle)")) continue;
    const names = new Set<string>();
    for (let at: ProfileNode | undefined = node; at !== undefined; at = parents.get(at.id)) {
      names.add(nameOf(at));
      if (mode === "self") break;
    }
    for (const name of names) totals.set(name, (totals.get(name) ?? 0) + spent);
  }
  return totals;
}

const [file, mode = "self", top = "40", filter] = process.argv.slice(2);
if (file === undefined || (mode !== "self" && mode !== "inclusive")) {
  console.error("usage: cpuprofile-summary.ts FILE.cpuprofile [self|inclusive] [top] [filter regex]");
  process.exit(2);
}
const totals = summarize(JSON.parse(readFileSync(file, "utf8")) as CpuProfile, mode);
const pattern = filter === undefined ? undefined : new RegExp(filter);
const rows = [...totals].filter(([name]) => pattern?.test(name) ?? true).sort((a, b) => b[1] - a[1]);
for (const [name, us] of rows.slice(0, Number(top))) console.log(`${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
