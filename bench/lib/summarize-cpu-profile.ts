/** A V8 .cpuprofile as `node --cpu-prof` writes it (the parts read here). */
export interface CpuProfile {
  /** µs on the machine's monotonic clock, as `process.hrtime.bigint() / 1000n` reads it in any process. */
  readonly startTime: number;
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

// node_modules and worktree prefixes are dropped, so names read the same from any checkout.
const nameOf = ({ callFrame }: ProfileNode): string =>
  `${callFrame.functionName || "(anonymous)"} ${callFrame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(packages|adapters|bench|conformance)\//, "$1/")}:${callFrame.lineNumber + 1}`;

/** A span of the monotonic clock in µs (`process.hrtime.bigint() / 1000n`), to keep only the samples taken in it. */
export interface SampleWindow {
  readonly startUs: number;
  readonly endUs: number;
}

/** Microseconds of samples taken in each node (within `window`, when given). */
function sampledTime(profile: CpuProfile, window: SampleWindow | undefined): Map<number, number> {
  const time = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    at += delta;
    if (window !== undefined && (at < window.startUs || at > window.endUs)) return;
    time.set(id, (time.get(id) ?? 0) + delta);
  });
  return time;
}

/** Time (µs) by function name: where the samples were taken (self), or anywhere on their stacks (inclusive). */
export function summarizeCpuProfile(
  profile: CpuProfile,
  mode: "self" | "inclusive",
  window?: SampleWindow,
): Map<string, number> {
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node);
  const time = sampledTime(profile, window);
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
