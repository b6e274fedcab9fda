import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimSourceLease, renewSourceLease } from "../../src/sources/source-lease.ts";
import { withSourceTables } from "../../src/sources/source-tables.ts";
import { type FilesSource, startFilesSource } from "../helpers/files-source.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const INTERVAL = 15 * 60_000;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Scheduled syncs every 15 minutes, one at a time per source (A12) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let source: FilesSource;
    let clock = new Date("2026-11-25T10:00:00.000Z");

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, sources: { poll: false }, now: () => clock });
      tenant = await createTenant(test, "scheduled");
      source = await startFilesSource(test, "scheduled", { docs: { "a.md": "a\n" } });
      await test.call(`/api/v1/installations/${source.installationId}/source`, {
        token: tenant.token,
        json: { resource_path: "/docs" },
      });
    });
    afterAll(async () => {
      await test?.close();
      await source?.close();
    });

    const syncs = () =>
      withSourceTables(test.service.store.db).selectFrom("source_syncs").selectAll().orderBy("id").execute();

    it("syncs a new source at once, then again only when 15 minutes have passed", async () => {
      await test.service.sources.syncDue();
      expect((await syncs()).map((sync) => [sync.reason, sync.state])).toEqual([["schedule", "succeeded"]]);
      const { next_sync_at } = await withSourceTables(test.service.store.db)
        .selectFrom("sources")
        .select("next_sync_at")
        .executeTakeFirstOrThrow();
      expect(next_sync_at).toBe(new Date(clock.getTime() + INTERVAL).toISOString());
      clock = new Date(clock.getTime() + INTERVAL - 1_000);
      await test.service.sources.syncDue();
      expect(await syncs()).toHaveLength(1);
      clock = new Date(clock.getTime() + 1_000);
      await test.service.sources.syncDue();
      expect(await syncs()).toHaveLength(2);
    });

    it("gives the lease to one holder at a time, and to another once it lapses unrenewed", async () => {
      const { db } = test.service.store;
      const id = source.installationId;
      expect(await claimSourceLease(db, id, "instance-a", clock, 30_000)).toBe(true);
      expect(await claimSourceLease(db, id, "instance-b", clock, 30_000)).toBe(false);
      expect(
        (await test.call(`/api/v1/installations/${id}/sync`, { token: tenant.token, method: "POST" })).status,
      ).toBe(409);
      await test.service.sources.syncDue();
      expect(await syncs()).toHaveLength(2);
      const later = new Date(clock.getTime() + 30_001);
      expect(await claimSourceLease(db, id, "instance-b", later, 30_000)).toBe(true);
      expect(await renewSourceLease(db, id, "instance-a", later, 30_000)).toBe(false);
    });

    it("stops syncing an uninstalled installation", async () => {
      await withSourceTables(test.service.store.db)
        .updateTable("sources")
        .set({ lease_owner: null, lease_expires_at: null })
        .execute();
      await test.call(`/api/v1/installations/${source.installationId}`, { token: tenant.token, method: "DELETE" });
      clock = new Date(clock.getTime() + 2 * INTERVAL);
      await test.service.sources.syncDue();
      expect(await syncs()).toHaveLength(2);
      const refused = await test.call(`/api/v1/installations/${source.installationId}/sync`, {
        token: tenant.token,
        method: "POST",
      });
      expect(refused.status).toBe(409);
    });
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`The sources poll (A12) ${lane.title}`, () => {
    let test: TestService;
    let source: FilesSource;
    afterAll(async () => {
      await test?.close();
      await source?.close();
    });

    it("syncs a source as soon as it is set, and goes back to sleep (the service keeps answering)", async () => {
      test = await startTestService(lane, { healthPolling: false, sources: { pollMs: 60_000 } });
      const tenant = await createTenant(test, "polled");
      source = await startFilesSource(test, "polled", { docs: { "a.md": "a\n", "b.md": "b\n" } });
      const base = `/api/v1/installations/${source.installationId}`;
      await test.call(`${base}/source`, { token: tenant.token, json: { resource_path: "/docs" } });
      let shown = { documents: 0 };
      for (let i = 0; i < 100 && shown.documents < 2; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        shown = (await (await test.call(`${base}/source`, { token: tenant.token })).json()) as { documents: number };
      }
      expect(shown.documents).toBe(2);
      expect((await test.call("/healthz")).status).toBe(200);
      const syncs = await withSourceTables(test.service.store.db).selectFrom("source_syncs").selectAll().execute();
      expect(syncs.map((sync) => sync.reason)).toEqual(["schedule"]);
    });
  });
}
