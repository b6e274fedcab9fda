const cpuMs = () => {
  const cpu = process.cpuUsage();
  return (cpu.user + cpu.system) / 1000;
};

/**
 * For a bench child: prints `MARK <ms>`, the process's CPU time (user + system) so far, on SIGUSR2 (the parent sends
 * it as the measured load starts), and returns a function printing `CPU <ms>` (call it when told to stop). The parent
 * divides the difference by the events served in between: setup, warm-up and lazy loading stay out of the figure.
 * On a loaded machine CPU per request moves much less than req/s.
 */
export function reportCpu(): () => void {
  process.on("SIGUSR2", () => process.stdout.write(`MARK ${cpuMs()}\n`));
  return () => process.stdout.write(`CPU ${cpuMs()}\n`);
}
