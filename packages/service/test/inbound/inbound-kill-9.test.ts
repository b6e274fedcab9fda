import { randomBytes } from "node:crypto";
import {
  type ReceivedDelivery,
  startWebhookStandIn,
  type WebhookStandIn,
  webhookAdapter,
} from "@adapterkit/adapter-webhook";
import { type AdapterServer, serve, signStandardWebhook } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { openStore } from "../../src/index.ts";
import { exited } from "../helpers/child-service.ts";
import { type InboundChild, startInboundChild } from "../helpers/inbound-child.ts";
import { COMBINED_INBOUND } from "../helpers/inbound-world.ts";
import { STORE_LANES, type StoreLocation } from "../helpers/store-lanes.ts";

const APP_SECRET = `whsec_${randomBytes(32).toString("base64")}`;
const PLATFORM_SECRET = `whsec_${randomBytes(32).toString("base64")}`;

/** A delivery answered 200 `accepted`: its text and the run it started (none with the front desk on). */
interface Accepted {
  readonly message: string;
  readonly runId: number | undefined;
}

const LEASE_MS = 1000;

async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 1200; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Stops the children a test started (an early failure leaves the first running), before their store goes. */
async function stopAll(children: readonly (InboundChild | undefined)[]): Promise<void> {
  for (const started of children) {
    if (started === undefined) continue;
    started.child.kill("SIGKILL");
    await exited(started.child);
  }
}

/** Signed deliveries from `workers` loops until stopped; collects, by webhook-id, those answered 200 `accepted`. */
async function burst(
  inboundUrl: string,
  options: { workers: number; sender: string; stop: { stopped: boolean }; accepted: Map<string, Accepted> },
) {
  await Promise.all(
    Array.from({ length: options.workers }, async (_, worker) => {
      for (let i = 0; !options.stop.stopped; i += 1) {
        const message = `${worker}.${i}`;
        const body = JSON.stringify({ type: "burst", sender: options.sender, message });
        const headers = signStandardWebhook({ secret: PLATFORM_SECRET, body });
        try {
          const response = await fetch(inboundUrl, { method: "POST", headers, body });
          const answer = (await response.json()) as { outcome?: string; workflow_run_ids?: number[] };
          if (response.status === 200 && answer.outcome === "accepted") {
            options.accepted.set(headers["webhook-id"] ?? "", { message, runId: answer.workflow_run_ids?.[0] });
          }
        } catch {
          return; // the connection died with the process: what was never answered 200 is not promised
        }
      }
    }),
  );
}

/** The fixture's environment: the store's location and the webhook adapter running in this process. */
function childEnv(location: StoreLocation, adapter: AdapterServer, extra: Record<string, string> = {}) {
  const { dataDir, databaseUrl, schema } = location.options;
  return {
    ADAPTERKIT_DATA_DIR: dataDir,
    INBOUND_ADAPTER_URL: adapter.url.replace("localhost", "127.0.0.1"),
    INBOUND_SIGNING_SECRET: APP_SECRET,
    INBOUND_PLATFORM_SECRET: PLATFORM_SECRET,
    ...(databaseUrl === undefined ? {} : { DATABASE_URL: databaseUrl }),
    ...(schema === undefined ? {} : { ADAPTERKIT_TEST_SCHEMA: schema }),
    ...extra,
  };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`kill -9 during a burst of inbound events (A9) ${lane.title}`, () => {
    let adapter: AdapterServer;

    beforeAll(async () => {
      adapter = await serve(webhookAdapter, {
        combinedInbound: COMBINED_INBOUND,
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
      const env = childEnv(location, adapter);
      let first: InboundChild | undefined;
      let restarted: InboundChild | undefined;
      try {
        first = await startInboundChild(env);
        const accepted = new Map<string, Accepted>();
        const stop = { stopped: false };
        const loading = burst(`${first.url}/api/v1/apps/${first.installationId}/inbound`, {
          workers: 8,
          sender: "load",
          stop,
          accepted,
        });
        await until("100 events accepted", () => accepted.size >= 100);
        first.child.kill("SIGKILL");
        await exited(first.child);
        stop.stopped = true;
        await loading;

        restarted = await startInboundChild(env);
        const auth = { authorization: `Bearer ${restarted.token}` };
        const missingRuns: (number | undefined)[] = [];
        for (const { runId } of accepted.values()) {
          expect(runId).toBeDefined();
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
        await stopAll([first, restarted]);
        await location.dispose();
      }
    }, 90_000);
  });
}

/** The human message a front-desk reply quotes (the default template ends with “<message>”). */
function quoted(delivery: ReceivedDelivery): string {
  const text = (JSON.parse(delivery.body) as { message: string }).message;
  return /“([^”]*)”$/.exec(text)?.[1] ?? text;
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`kill -9 with front-desk replies in flight (A9, A11, D174) ${lane.title}`, () => {
    let adapter: AdapterServer;
    let platform: WebhookStandIn;

    beforeAll(async () => {
      // A slow platform: it records each reply, then holds its answer back, so replies are in flight at the kill.
      platform = await startWebhookStandIn({ signingSecret: PLATFORM_SECRET, answerDelayMs: 300 });
      adapter = await serve(webhookAdapter, {
        allowedHosts: [new URL(platform.url).host],
        combinedInbound: COMBINED_INBOUND,
        port: 0,
        host: "127.0.0.1",
        handleSignals: false,
        shutdownTimeoutMs: 100,
        signingSecret: APP_SECRET,
        logger: pino({ level: "silent" }),
      });
    });
    afterAll(async () => {
      await adapter?.close();
      await platform?.close();
    });

    it("delivers exactly one reply per accepted message after the restart, the outbox drained", async () => {
      const location = await lane.allocate();
      const env = childEnv(location, adapter, { INBOUND_DELIVERY_LEASE_MS: String(LEASE_MS) });
      let first: InboundChild | undefined;
      let restarted: InboundChild | undefined;
      try {
        first = await startInboundChild(env);
        const toggled = await fetch(`${first.url}/api/v1/installations/${first.installationId}`, {
          method: "PATCH",
          headers: { authorization: `Bearer ${first.token}`, "content-type": "application/json" },
          body: JSON.stringify({ front_desk: true }),
        });
        expect(toggled.status).toBe(200);
        const accepted = new Map<string, Accepted>();
        const stop = { stopped: false };
        const inboundUrl = `${first.url}/api/v1/apps/${first.installationId}/inbound`;
        const sender = platform.channelAddress;
        const loading = burst(inboundUrl, { workers: 8, sender, stop, accepted });
        await until("replies on their way", () => accepted.size >= 60 && platform.deliveries().length >= 10);
        first.child.kill("SIGKILL");
        await exited(first.child);
        stop.stopped = true;
        await loading;

        restarted = await startInboundChild(env);
        const expected = new Set([...accepted.values()].map((a) => a.message));
        await until("a reply to every accepted message", () => {
          const replied = new Set(platform.deliveries().map(quoted));
          return [...expected].every((message) => replied.has(message));
        });
        // Replies claimed before the kill come due again one lease later; give every one of them its chance.
        let seen = -1;
        while (seen !== platform.deliveries().length) {
          seen = platform.deliveries().length;
          await new Promise((resolve) => setTimeout(resolve, 3 * LEASE_MS));
        }
        restarted.child.kill("SIGKILL");
        await exited(restarted.child);
        restarted = undefined;

        const store = await openStore(location.options);
        const rows = await withFrontDeskTables(store.db).selectFrom("deliveries").select("status").execute();
        await store.close();
        const received = platform.deliveries();
        const perMessage = new Map<string, number>();
        for (const delivery of received) perMessage.set(quoted(delivery), (perMessage.get(quoted(delivery)) ?? 0) + 1);
        expect(received.every((delivery) => delivery.verified)).toBe(true);
        expect(rows.filter((row) => row.status !== "delivered")).toEqual([]);
        expect([...perMessage].filter(([, count]) => count !== 1)).toEqual([]);
        expect(received).toHaveLength(rows.length);
        expect([...expected].filter((message) => perMessage.get(message) !== 1)).toEqual([]);
      } finally {
        await stopAll([first, restarted]);
        await location.dispose();
      }
    }, 120_000);
  });
}
