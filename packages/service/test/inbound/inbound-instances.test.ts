import { signStandardWebhook } from "@adapterkit/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withInboundTables } from "../../src/inbound/inbound-tables.ts";
import type { Service } from "../../src/index.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { openServiceAt } from "../helpers/schedule-clock.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow } from "../helpers/test-service.ts";

const postgres = STORE_LANES.find((lane) => lane.name === "postgres");
const EVENTS = 20;

// Two instances need one shared database: SQLite is one process's (its instance lock), so this is PostgreSQL only.
describe.skipIf(postgres?.skip ?? true)("two instances on one PostgreSQL receiving the same deliveries (A9)", () => {
  let world: InboundWorld;
  let second: Service;
  let secondUrl: string;
  let triggerId: number;

  beforeAll(async () => {
    if (postgres === undefined) throw new Error("no PostgreSQL lane");
    world = await startInboundWorld(postgres, { worker: false });
    second = await openServiceAt(world.test.location, { allowedHosts: ["127.0.0.1"], healthPolling: false });
    secondUrl = await second.listen(0, "127.0.0.1");
    const workflow = await createWorkflow(world.test, world.tenant.token);
    triggerId = (
      await createAppEventTrigger(world, workflow.id, {
        app_installation_id: world.installations.webhook.id,
        event_type: "ping",
        target_stage: "echo",
      })
    ).id;
  });
  afterAll(async () => {
    await second?.close();
    await world?.close();
  });

  it("starts one run per delivery when both instances get it at the same moment", async () => {
    const path = inboundPath(world.installations.webhook);
    const outcomes: string[][] = [];
    for (let n = 0; n < EVENTS; n += 1) {
      const body = JSON.stringify({ type: "ping", sender: "shop", message: `ping ${n}` });
      const headers = signStandardWebhook({ secret: world.webhook.credentials.signing_secret, body });
      const post = (base: string) =>
        fetch(`${base}${path}`, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
      const answers = await Promise.all([post(world.test.url), post(secondUrl)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const bodies = (await Promise.all(answers.map((a) => a.json()))) as { outcome: string }[];
      outcomes.push(bodies.map((b) => b.outcome).sort());
    }
    expect(outcomes).toEqual(Array.from({ length: EVENTS }, () => ["accepted", "duplicate"]));
    const runs = await world.test.service.store.db
      .selectFrom("trigger_runs")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("trigger_id", "=", triggerId)
      .executeTakeFirstOrThrow();
    expect(Number(runs.count)).toBe(EVENTS);
    const logged = await withInboundTables(world.test.service.store.db)
      .selectFrom("inbound_events")
      .select(["outcome"])
      .where("installation_id", "=", world.installations.webhook.id)
      .execute();
    expect(logged.filter((row) => row.outcome === "accepted")).toHaveLength(EVENTS);
    expect(logged.filter((row) => row.outcome === "duplicate")).toHaveLength(EVENTS);
  });
});
