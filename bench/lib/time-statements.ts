import Database from "better-sqlite3";

/** The SQLite statements a process ran since `mark()`, with the CPU each took on the thread that ran it. */
export interface StatementTimes {
  mark(): void;
  /**
   * One line per statement (each size of a multi-row one together), the costliest first, beside the main thread's
   * CPU since `mark()`.
   */
  report(top: number): string;
}

type Method = "run" | "all" | "get";

/** A statement's text as one line: a multi-row VALUES list kept as its first row. */
const shortText = (sql: string) =>
  sql
    .replace(/\s+/g, " ")
    .replace(/(\((?:\?, )*\?\))(?:, \((?:\?, )*\?\))+/g, "$1, …")
    .slice(0, 140);

/**
 * For a bench child on SQLite: times every statement any better-sqlite3 database of this process runs (the
 * service's included, being the same hoisted module) with `process.threadCpuUsage`, which counts the calling thread
 * only (`process.cpuUsage` counts the garbage collector's helpers and libuv's pool too, D624).
 */
export function timeStatements(): StatementTimes {
  const proto = Object.getPrototypeOf(new Database(":memory:").prepare("select 1")) as Record<
    Method,
    (...args: unknown[]) => unknown
  >;
  const totals = new Map<string, { count: number; us: number }>();
  for (const method of ["run", "all", "get"] as const) {
    const original = proto[method];
    proto[method] = function (this: Database.Statement, ...args: unknown[]) {
      const started = process.threadCpuUsage();
      try {
        return original.apply(this, args);
      } finally {
        const spent = process.threadCpuUsage(started);
        const entry = totals.get(this.source) ?? { count: 0, us: 0 };
        entry.count += 1;
        entry.us += spent.user + spent.system;
        totals.set(this.source, entry);
      }
    };
  }
  let since = process.threadCpuUsage();
  return {
    mark() {
      totals.clear();
      since = process.threadCpuUsage();
    },
    report(top) {
      const thread = process.threadCpuUsage(since);
      // A multi-row statement of every size as one line.
      const byText = new Map<string, { count: number; us: number }>();
      for (const [sql, { count, us }] of totals) {
        const entry = byText.get(shortText(sql)) ?? { count: 0, us: 0 };
        byText.set(shortText(sql), { count: entry.count + count, us: entry.us + us });
      }
      const rows = [...byText].sort((a, b) => b[1].us - a[1].us);
      const all = rows.reduce((sum, [, entry]) => sum + entry.us, 0);
      const lines = rows.slice(0, top).map(([sql, { count, us }]) => {
        const each = (us / count).toFixed(1).padStart(7);
        return `${String(count).padStart(7)} × ${each} µs = ${(us / 1000).toFixed(0).padStart(5)} ms  ${sql}`;
      });
      const mainMs = (thread.user + thread.system) / 1000;
      const share = mainMs > 0 ? ` (${((100 * all) / 1000 / mainMs).toFixed(0)} % of it)` : "";
      return [
        `statements ${(all / 1000).toFixed(0)} ms of the main thread's ${mainMs.toFixed(0)} ms${share}`,
        ...lines,
      ].join("\n");
    },
  };
}
