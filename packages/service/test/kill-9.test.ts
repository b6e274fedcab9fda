import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";

const ENTRY = fileURLToPath(new URL("./fixtures/serve.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly hookUrl: string;
  readonly token: string;
}

/** Starts the service in its own process (tsx) and waits for the line it prints when ready. */
function startChild(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", (line) => resolve({ child, ...(JSON.parse(line) as Omit<Started, "child">) }));
    child.once("exit", (code) => reject(new Error(`service exited with ${code}: ${stderr}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
}

/** Posts hooks from `workers` concurrent loops until stopped; returns every run id answered with 201. */
async function load(hookUrl: string, workers: number, stop: { stopped: boolean }, accepted: number[]): Promise<void> {
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

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`kill -9 under hook load ${lane.title}`, () => {
    it("loses no run the client saw accepted", async () => {
      const location = await lane.allocate();
      const { dataDir, databaseUrl, schema } = location.options;
      const env: Record<string, string> = {
        ADAPTERKIT_DATA_DIR: dataDir,
        ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
        ...(schema === undefined ? {} : { ADAPTERKIT_TEST_SCHEMA: schema }),
      };
      let restarted: Started | undefined;
      try {
        const first = await startChild(env);
        const accepted: number[] = [];
        const stop = { stopped: false };
        const loading = load(first.hookUrl, 16, stop, accepted);
        while (accepted.length < 300) await new Promise((resolve) => setTimeout(resolve, 10));
        first.child.kill("SIGKILL");
        await exited(first.child);
        stop.stopped = true;
        await loading;

        restarted = await startChild(env);
        const missing: number[] = [];
        for (const id of accepted) {
          const response = await fetch(`${restarted.url}/api/v1/workflow-runs/${id}`, {
            headers: { authorization: `Bearer ${restarted.token}` },
          });
          if (response.status !== 200) missing.push(id);
          await response.arrayBuffer();
        }
        expect(accepted.length).toBeGreaterThanOrEqual(300);
        expect(missing).toEqual([]);
      } finally {
        restarted?.child.kill("SIGKILL");
        if (restarted) await exited(restarted.child);
        await location.dispose();
      }
    }, 60_000);
  });
}
