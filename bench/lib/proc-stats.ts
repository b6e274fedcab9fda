import { readFileSync } from "node:fs";

// Linux's clock ticks per second for /proc/<pid>/stat (USER_HZ), 100 on every architecture Node runs on there.
const TICKS_PER_S = 100;

/** A process's resident set and its peak so far, in MiB, from /proc (Linux). */
export function memoryOf(pid: number): { rssMiB: number; peakMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kib("VmRSS") / 1024, peakMiB: kib("VmHWM") / 1024 };
}

/** A process's CPU time (user + system) so far, in ms, from /proc (Linux). */
export function cpuMsOf(pid: number): number {
  // The command name (field 2) may hold spaces, so count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}
