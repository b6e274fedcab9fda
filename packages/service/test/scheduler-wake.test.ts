import { afterEach, describe, expect, it } from "vitest";
import type { Service } from "../src/index.ts";
import { slotsOf } from "./helpers/schedule-clock.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { createTenant, createWorkflow, startTestService, type TestService } from "./helpers/test-service.ts";

const MINUTE = 60_000;

/** Polls until the trigger has a schedule firing; the test's own timeout is the only limit. */
async function firstFiring(service: Service, triggerId: number): Promise<string> {
  for (;;) {
    const [first] = await slotsOf(service, triggerId);
    if (first !== undefined) return first;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

for (const lane of STORE_LANES) {
  // These run on the real clock shifted to just before a minute boundary: the scheduler must wake on its own.
  describe.skipIf(lane.skip)(`scheduler wake-up ${lane.title}`, () => {
    let test: TestService | undefined;
    afterEach(async () => test?.close());

    it("wakes for the earliest due trigger instead of waiting out its longest sleep", async () => {
      let offset = 0;
      test = await startTestService(lane, { now: () => new Date(Date.now() + offset) });
      const acme = await createTenant(test, "acme");
      const workflow = await createWorkflow(test, acme.token);
      const boundary = Math.ceil((Date.now() + MINUTE) / MINUTE) * MINUTE;
      offset = boundary - 700 - Date.now();
      const response = await test.call(`/api/v1/workflows/${workflow.id}/triggers`, {
        token: acme.token,
        json: { type: "schedule", name: "every minute", schedule: "* * * * *" },
      });
      const trigger = (await response.json()) as { id: number; next_fire_at: string };
      expect(trigger.next_fire_at).toBe(new Date(boundary).toISOString());
      expect(await firstFiring(test.service, trigger.id)).toBe(`succeeded@${trigger.next_fire_at}`);
    });

    it("finds a trigger it was not told about at its next look, at most maxSleepMs away", async () => {
      test = await startTestService(lane, { scheduler: { maxSleepMs: 200 } });
      const acme = await createTenant(test, "acme");
      const workflow = await createWorkflow(test, acme.token);
      // Written straight to the database, as another instance would: nobody wakes this instance's scheduler.
      const at = new Date().toISOString();
      const slot = new Date(Math.floor(Date.now() / MINUTE) * MINUTE).toISOString();
      const row = await test.service.store.db
        .insertInto("triggers")
        .values({
          organization_id: acme.organizationId,
          workflow_id: workflow.id,
          type: "schedule",
          name: "elsewhere",
          enabled: 1,
          last_fired_at: null,
          callback_url: null,
          created_at: at,
          updated_at: at,
          schedule: "* * * * *",
          cron: "* * * * *",
          timezone: "UTC",
          next_fire_at: slot,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      expect(await firstFiring(test.service, row.id)).toBe(`succeeded@${slot}`);
    });
  });
}
