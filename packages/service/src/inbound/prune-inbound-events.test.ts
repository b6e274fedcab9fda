import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../../test/helpers/store-lanes.ts";
import { startTestService, type TestService } from "../../test/helpers/test-service.ts";
import { INBOUND_RETENTION_MS } from "../store/record-retention.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { pruneInboundEvents } from "./prune-inbound-events.ts";
import { recordInboundEvent } from "./record-inbound-event.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`pruneInboundEvents ${lane.title}`, () => {
    let test: TestService;
    const now = new Date("2026-03-01T00:00:00.000Z");
    const id = "inst_AAAAAAAAAAAAAAAAAAAAAA";

    beforeAll(async () => {
      test = await startTestService(lane, { worker: false, healthPolling: false });
      const db = withInboundTables(test.service.store.db);
      // The log refers to an installation; a bare row of one is enough here.
      const org = await db
        .insertInto("organizations")
        .values({ name: "o", created_at: now.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      const app = await db
        .insertInto("apps")
        .values({
          organization_id: org.id,
          slug: "a",
          base_url: "http://127.0.0.1:1/a",
          state: "published",
          latest_version: 1,
          published_version: 1,
          review_report: null,
          signing_secret_enc: "x",
          signing_secret_created_at: now.toISOString(),
          previous_signing_secret_enc: null,
          previous_signing_expires_at: null,
          health_version: null,
          health_checked_at: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db
        .insertInto("installations")
        .values({
          id,
          organization_id: org.id,
          project_id: null,
          app_id: app.id,
          app_version: 1,
          front_desk: 0,
          state: "active",
          verified_user: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
          uninstalled_at: null,
        })
        .execute();
    });
    afterAll(async () => test?.close());

    it("deletes the events and dedup keys older than 30 days and keeps the rest", async () => {
      const db = test.service.store.db;
      const old = new Date(now.getTime() - INBOUND_RETENTION_MS - 1);
      const recent = new Date(now.getTime() - INBOUND_RETENTION_MS + 60_000);
      for (const at of [old, recent]) {
        await recordInboundEvent(db, {
          installationId: id,
          outcome: "accepted",
          receivedAt: at,
          dedupKey: at.toISOString(),
        });
        await withInboundTables(db)
          .insertInto("inbound_dedup")
          .values({ installation_id: id, dedup_key: at.toISOString(), received_at: at.toISOString() })
          .execute();
      }
      expect(await pruneInboundEvents(db, now)).toBe(1);
      const events = await withInboundTables(db).selectFrom("inbound_events").select("received_at").execute();
      const keys = await withInboundTables(db).selectFrom("inbound_dedup").select("dedup_key").execute();
      expect(events.map((e) => e.received_at)).toEqual([recent.toISOString()]);
      expect(keys.map((k) => k.dedup_key)).toEqual([recent.toISOString()]);
    });
  });
}
