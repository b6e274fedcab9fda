import { randomUUID } from "node:crypto";
import { toolServerResourceSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "../../src/index.ts";
import { startToolServerStandIn, type ToolServerStandIn } from "../../src/tool-servers/stand-in-tool-server.ts";
import { claimToolServer } from "../../src/tool-servers/tool-server-lease.ts";
import { createTestClock, openServiceAt } from "../helpers/schedule-clock.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";

const HOUR = 60 * 60_000;
// The loops poll once at start and then never: the test runs each round itself, on both instances at once.
const REFRESHER = { refreshEveryMs: HOUR, pollMs: 10 * HOUR };
const lane = STORE_LANES.find((candidate) => candidate.name === "postgres");
if (lane === undefined) throw new Error("no PostgreSQL lane");

// SQLite has one instance per data dir (the instance lock), so only PostgreSQL can have two refreshers on one row.
describe.skipIf(lane.skip)(`two tool-server refreshers on one database (D320) ${lane.title}`, () => {
  const clock = createTestClock("2026-01-05T09:00:00.000Z");
  let first: TestService;
  let second: Service;
  let tools: ToolServerStandIn;
  let serverId: number;

  beforeAll(async () => {
    const options = { now: clock.now, healthPolling: false as const, sources: false as const, toolServers: REFRESHER };
    first = await startTestService(lane, { ...options, worker: false });
    second = await openServiceAt(first.location, { ...options, allowedHosts: ["127.0.0.1"] });
    tools = await startToolServerStandIn();
    const acme = await createTenant(first, "acme");
    const created = await first.call("/api/v1/tool-servers", {
      token: acme.token,
      json: { name: "Shared", url: tools.url },
    });
    serverId = toolServerResourceSchema.parse(await created.json()).id;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await tools?.close();
  });

  const refreshers = () => {
    const one = first.service.toolServerRefresher;
    const other = second.toolServerRefresher;
    if (one === undefined || other === undefined) throw new Error("a refresher is off");
    return [one, other] as const;
  };

  it("refreshes a due server once between them when both look at the same moment, and not before it is due", async () => {
    const [one, other] = refreshers();
    const listed = tools.listings();
    clock.set("2026-01-05T09:59:59.000Z");
    expect(await Promise.all([one.refreshDue(), other.refreshDue()])).toEqual([0, 0]);
    expect(tools.listings()).toBe(listed);

    for (const at of ["2026-01-05T10:00:00.000Z", "2026-01-05T11:00:00.000Z", "2026-01-05T12:30:00.000Z"]) {
      clock.set(at);
      const before = tools.listings();
      const refreshed = await Promise.all([one.refreshDue(), other.refreshDue(), one.refreshDue(), other.refreshDue()]);
      expect(
        refreshed.reduce((sum, count) => sum + count, 0),
        at,
      ).toBe(1);
      expect(tools.listings() - before, at).toBe(1);
    }
  });

  it("gives a claim to one of many racing for it, and to another only once the lease lapses", async () => {
    clock.set("2026-01-05T14:00:00.000Z");
    const now = clock.now();
    const dueBefore = new Date(now.getTime() - HOUR);
    const dbs = [first.service.store.db, second.store.db];
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        claimToolServer(dbs[index % 2] ?? first.service.store.db, {
          id: serverId,
          owner: randomUUID(),
          dueBefore,
          now,
          leaseMs: 60_000,
        }),
      ),
    );
    expect(claims.filter((claim) => claim !== undefined)).toHaveLength(1);
    const held = { id: serverId, owner: randomUUID(), dueBefore };
    expect(await claimToolServer(second.store.db, { ...held, now: new Date(now.getTime() + 59_000) })).toBeUndefined();
    // Its holder died: after the lease, the other instance takes the server over.
    expect(await claimToolServer(second.store.db, { ...held, now: new Date(now.getTime() + 61_000) })).toBeDefined();
  });
});
