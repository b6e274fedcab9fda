import { spawn } from "node:child_process";

/** How a command ended, with everything it printed. */
export interface CommandResult {
  readonly status: number | null;
  /** stdout and stderr as they came, interleaved. */
  readonly output: string;
  /** stdout alone, for a command whose answer is machine-readable (stderr may carry warnings). */
  readonly stdout: string;
}

/**
 * Runs a command to its end (killing its process group after `timeoutMs`), with an environment as an author's
 * shell would have it: the workspace's own `NODE_OPTIONS` (its source condition) and npm's `npm_*` variables left
 * out, so nothing of the kit's checkout leaks into the project.
 */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<CommandResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...authorEnv(), ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    const chunks: Buffer[] = [];
    const stdout: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    const timer = setTimeout(() => stopGroup(child.pid), options.timeoutMs ?? 180_000);
    child.on("error", fail);
    child.on("close", (status) => {
      clearTimeout(timer);
      done({ status, output: Buffer.concat(chunks).toString(), stdout: Buffer.concat(stdout).toString() });
    });
  });
}

/** The environment of an author's shell: this process's, without the workspace's node and npm settings. */
export function authorEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name === "NODE_OPTIONS" || /^npm_/i.test(name) || name.startsWith("ADAPTER")) continue;
    env[name] = value;
  }
  return { ...env, npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };
}

/** Stops a detached child and everything it started (its process group). */
export function stopGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}
