import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { type AdapterServer, serve, signStandardWebhook } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";

const ENTRY = fileURLToPath(new URL("../fixtures/serve-inbound.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const APP_SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const PLATFORM_SECRET = `whsec_${randomBytes(32).toString("base64")}`;

interface Started {
  readonly child: ChildProcess;
  readonly url: string;
  readonly token: string;
  readonly installationId: string;
}

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

/** Signed deliveries from `workers` loops until stopped; collects the webhook-ids answered 200 with a run. */
async function burst(inboundUrl: string, workers: number, stop: { stopped: boolean }, accepted: Map<string, number>) {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; !stop.stopped; i += 1) {
        const body = JSON.stringify({ type: "burst", sender: "load", message: `${worker}.${i}` });
        const headers = signStandardWebhook({ secret: PLATFORM_SECRET, body });
        try {
          const response = await fetch(inboundUrl, { method: "POST", headers, body });
          const answer = (await response.json()) as { outcome?: string; workflow_run_ids?: number[] };
          const runId = answer.workflow_run_ids?.[0];
          if (response.status === 200 && answer.outcome === "accepted" && runId !== undefined) {
            accepted.set(headers["webhook-id"] ?? "", runId);
          }
        } catch {
          return; // the connection died with the process: what was never answered 200 is not promised
        }
      }
    }),
  );
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`kill -9 during a burst of inbound events (A9) ${lane.title}`, () => {
    let adapter: AdapterServer;

    beforeAll(async () => {
      adapter = await serve(webhookAdapter, {
        port: 0,
        host: "127.0.0.1",
        handleSignals: false,
        shutdownTimeoutMs: 100,
        signingSecret: APP_SECRET,
        logger: pino({ level: "silent" }),
      });
    });
    afterAll(async () => adapter?.close());

    it("loses no event that was answered 200: each keeps its run and its log entry after the restart", async () => {
      const location = await lane.allocate();
      const { dataDir, databaseUrl, schema } = location.options;
      const env: Record<string, string> = {
        ADAPTERKIT_DATA_DIR: dataDir,
        INBOUND_ADAPTER_URL: adapter.url.replace("localhost", "127.0.0.1"),
        INBOUND_SIGNING_SECRET: APP_SECRET,
        INBOUND_PLATFORM_SECRET: PLATFORM_SECRET,
        ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
        ...(schema === undefined ? {} : { ADAPTERKIT_TEST_SCHEMA: schema }),
      };
      let restarted: Started | undefined;
      try {
        const first = await startChild(env);
        const accepted = new Map<string, number>();
        const stop = { stopped: false };
        const loading = burst(`${first.url}/api/v1/apps/${first.installationId}/inbound`, 8, stop, accepted);
        while (accepted.size < 100) await new Promise((resolve) => setTimeout(resolve, 10));
        first.child.kill("SIGKILL");
        await exited(first.child);
        stop.stopped = true;
        await loading;

        restarted = await startChild(env);
        const auth = { authorization: `Bearer ${restarted.token}` };
        const missingRuns: number[] = [];
        for (const runId of accepted.values()) {
          const response = await fetch(`${restarted.url}/api/v1/workflow-runs/${runId}`, { headers: auth });
          if (response.status !== 200) missingRuns.push(runId);
          await response.arrayBuffer();
        }
        const logged = new Set<string>();
        let cursor: string | null = "";
        while (cursor !== null) {
          const page = (await (
            await fetch(
              `${restarted.url}/api/v1/installations/${first.installationId}/events?limit=100${cursor ? `&cursor=${cursor}` : ""}`,
              { headers: auth },
            )
          ).json()) as { items: { dedup_key: string | null; outcome: string }[]; next_cursor: string | null };
          for (const item of page.items) if (item.outcome === "accepted" && item.dedup_key) logged.add(item.dedup_key);
          cursor = page.next_cursor;
        }
        expect(accepted.size).toBeGreaterThanOrEqual(100);
        expect(missingRuns).toEqual([]);
        expect([...accepted.keys()].filter((id) => !logged.has(id))).toEqual([]);
      } finally {
        restarted?.child.kill("SIGKILL");
        if (restarted) await exited(restarted.child);
        await location.dispose();
      }
    }, 90_000);
  });
}
