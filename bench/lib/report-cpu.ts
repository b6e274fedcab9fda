/**
 * For a bench child: returns a function printing `CPU <ms>`, the process's CPU time (user + system) since this call,
 * which the parent divides by the requests served. On a loaded machine CPU per request moves much less than req/s.
 */
export function reportCpu(): () => void {
  const start = process.cpuUsage();
  return () => {
    const cpu = process.cpuUsage(start);
    process.stdout.write(`CPU ${(cpu.user + cpu.system) / 1000}\n`);
  };
}
