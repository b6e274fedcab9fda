import { spawn } from "node:child_process";
import { freePort } from "../src/dev/free-port.ts";
import { authorEnv, stopGroup } from "./run-command.ts";

/** A generated project served by its own `npm start`. */
export interface StartedProject {
  readonly url: string;
  /** Everything it printed so far (its JSON log lines). */
  log(): string;
  stop(): Promise<void>;
}

/** Runs `npm start` in a project on a free loopback port and waits until `/health` answers. */
export async function startProject(dir: string, slug: string, env: Record<string, string>): Promise<StartedProject> {
  const port = await freePort();
  const child = spawn("npm", ["start"], {
    cwd: dir,
    env: { ...authorEnv(), ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const chunks: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
  const exited = new Promise<void>((done) => child.on("close", () => done()));
  const url = `http://127.0.0.1:${port}/${slug}`;
  const stop = async () => {
    stopGroup(child.pid);
    await exited;
  };
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, log: () => Buffer.concat(chunks).toString(), stop };
    await new Promise((wait) => setTimeout(wait, 250));
  }
  await stop();
  throw new Error(`npm start in ${dir} did not serve ${url}/health:\n${Buffer.concat(chunks)}`);
}
