import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { onTestFinished } from "vitest";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

/** The service in its own process (test/fixtures/serve.ts), once it printed its ready line. */
export interface ChildService {
  readonly child: ChildProcess;
  readonly url: string;
  readonly hookUrl: string;
  /** A project-scoped token of the demo project. */
  readonly token: string;
  readonly workflowId: number;
}

/** Starts the service in its own process (tsx) with these environment variables and waits until it is ready. */
export function startChildService(env: Record<string, string>): Promise<ChildService> {
  return startChildFixture<Omit<ChildService, "child">>("serve.ts", env);
}

/**
 * Starts `fixture` (an entry in test/fixtures) as `startChildService` does; its ready line is one JSON `Ready`. Called
 * inside a test only: the child is stopped when the test ends, whatever way it ends, so one that failed or timed out
 * before stopping its child leaves no process behind.
 */
export function startChildFixture<Ready extends object>(
  fixture: string,
  env: Record<string, string>,
): Promise<Ready & { readonly child: ChildProcess }> {
  const entry = fileURLToPath(new URL(`../fixtures/${fixture}`, import.meta.url));
  // Registered before the child exists: outside a test this throws, and then no child has been started.
  let started: ChildProcess | undefined;
  onTestFinished(async () => {
    started?.kill("SIGKILL");
    if (started !== undefined) await exited(started);
  });
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  started = child;
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", (line) => resolve({ child, ...(JSON.parse(line) as Ready) }));
    child.once("exit", (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
  });
}

/** Resolves once a child process has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Posts hooks from `workers` concurrent loops until stopped, pushing every run id answered with 201. */
export async function postHooks(
  hookUrl: string,
  workers: number,
  stop: { stopped: boolean },
  accepted: number[],
): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; !stop.stopped; i += 1) {
        try {
          const response = await fetch(hookUrl, { method: "POST", body: JSON.stringify({ worker, i }) });
          if (response.status === 201)
            accepted.push(((await response.json()) as { workflow_run_id: number }).workflow_run_id);
          else await response.arrayBuffer();
        } catch {
          // The connection died with the process; what the client never saw accepted is not promised.
          return;
        }
      }
    }),
  );
}
