import { triggerSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENABLE_REFUSED_MESSAGE } from "../src/index.ts";
import { createTestClock } from "./helpers/schedule-clock.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readJson,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";

// A Monday.
const START = "2025-01-06T08:00:00.000Z";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `schedule triggers over HTTP (contract.md#trigger-states, D17, D18, D22, D23) ${lane.title}`,
    () => {
      const clock = createTestClock(START);
      let test: TestService;
      let acme: Tenant;

      beforeAll(async () => {
        test = await startTestService(lane, { now: clock.now });
        acme = await createTenant(test, "acme");
      });
      afterAll(async () => test?.close());

      const api = (path: string, init: { method?: string; json?: unknown } = {}) =>
        test.call(path, { token: acme.token, ...init });
      const read = async (id: number) => readJson<Record<string, unknown>>(await api(`/api/v1/triggers/${id}`));

      async function createSchedule(body: Record<string, unknown>, workflowBody: Record<string, unknown> = {}) {
        clock.set(START);
        const workflow = await createWorkflow(test, acme.token, workflowBody);
        const response = await api(`/api/v1/workflows/${workflow.id}/triggers`, {
          json: { type: "schedule", name: "digest", ...body },
        });
        return { workflow, response };
      }

      async function created(body: Record<string, unknown>) {
        const { response } = await createSchedule(body);
        if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
        return triggerSchema.parse(await response.json()) as Record<string, unknown> & { id: number };
      }

      it("creates a schedule trigger from a phrase, keeping the text and showing the zone, due at its next slot", async () => {
        const { response } = await createSchedule({ schedule: "every weekday at 9am", timezone: "america/new_york" });
        expect(response.status).toBe(201);
        const trigger = triggerSchema.parse(await response.json());
        expect(trigger).toMatchObject({
          type: "schedule",
          enabled: true,
          schedule: "every weekday at 9am",
          cron: "0 9 * * 1-5",
          description: "every weekday at 9am",
          timezone: "America/New_York",
          display: "Every weekday at 9:00 AM (America/New_York)",
          input_payload: null,
          next_fire_at: "2025-01-06T14:00:00.000Z",
          fire_count: 0,
        });
        expect(response.headers.get("location")).toBe(`/api/v1/triggers/${trigger.id}`);
        expect(await read(trigger.id)).toEqual(trigger);
      });

      it("stores a raw cron expression without a description, in UTC by default", async () => {
        const trigger = await created({ schedule: "30 8 * * *" });
        expect(trigger).toMatchObject({
          cron: "30 8 * * *",
          description: null,
          timezone: "UTC",
          display: expect.stringMatching(/\(UTC\)$/),
          next_fire_at: "2025-01-06T08:30:00.000Z",
        });
      });

      it("refuses a timezone that is not an IANA name with a 400 naming timezone, and creates nothing", async () => {
        const { workflow, response } = await createSchedule({ schedule: "0 9 * * *", timezone: "EST" });
        const problem = await readProblem(response);
        expect(problem).toMatchObject({
          status: 400,
          detail: expect.stringMatching(/^timezone: "EST" is an abbreviation/),
        });
        expect(problem.errors).toEqual([expect.objectContaining({ path: "/timezone" })]);
        const listed = await readJson(await api(`/api/v1/workflows/${workflow.id}/triggers`));
        expect(listed.items).toEqual([]);
      });

      it("refuses an invalid cron expression with a 400 naming schedule and the cron field", async () => {
        const { response } = await createSchedule({ schedule: "0 9 * 13 *" });
        const problem = await readProblem(response);
        expect(problem.detail).toBe("schedule (month): Month value 13 is out of range (1-12).");
        expect(problem.errors).toEqual([expect.objectContaining({ path: "/schedule" })]);
      });

      it("refuses a phrase it does not support, and an end date before the start date", async () => {
        const phrase = await readProblem((await createSchedule({ schedule: "every blue moon" })).response);
        expect(phrase).toMatchObject({ status: 400, detail: expect.stringMatching(/^schedule: /) });
        const dates = await readProblem(
          (await createSchedule({ schedule: "0 9 * * *", start_date: "2025-02-02", end_date: "2025-02-01" })).response,
        );
        expect(dates).toMatchObject({ status: 400, detail: expect.stringMatching(/^end_date: /) });
      });

      it("waits for the start date: the first slot is on it, in the trigger's zone", async () => {
        const trigger = await created({
          schedule: "every day at 9",
          timezone: "Europe/Berlin",
          start_date: "2025-02-01",
        });
        expect(trigger).toMatchObject({ start_date: "2025-02-01", next_fire_at: "2025-02-01T08:00:00.000Z" });
      });

      it("creates a trigger whose end date has passed enabled but dormant, without a next fire time", async () => {
        const trigger = await created({ schedule: "0 9 * * *", end_date: "2025-01-05" });
        expect(trigger).toMatchObject({ enabled: true, end_date: "2025-01-05", next_fire_at: null });
      });

      it("clears the next fire time on disable and recomputes it from the current moment on enable", async () => {
        const trigger = await created({ schedule: "0 9 * * *" });
        expect(trigger.next_fire_at).toBe("2025-01-06T09:00:00.000Z");
        const disabled = await readJson<Record<string, unknown>>(
          await api(`/api/v1/triggers/${trigger.id}/disable`, { method: "POST" }),
        );
        expect(disabled).toMatchObject({ enabled: false, next_fire_at: null });
        clock.set("2025-01-08T10:00:00.000Z");
        const enabled = await api(`/api/v1/triggers/${trigger.id}/enable`, { method: "POST" });
        expect(await enabled.json()).toMatchObject({ enabled: true, next_fire_at: "2025-01-09T09:00:00.000Z" });
      });

      it("recomputes the next fire time when a PATCH changes the schedule or the timezone", async () => {
        const trigger = await created({ schedule: "0 9 * * *" });
        const schedule = await api(`/api/v1/triggers/${trigger.id}`, {
          method: "PATCH",
          json: { schedule: "every day at 8:30" },
        });
        expect(await schedule.json()).toMatchObject({
          schedule: "every day at 8:30",
          cron: "30 8 * * *",
          description: "every day at 8:30",
          next_fire_at: "2025-01-06T08:30:00.000Z",
        });
        const zone = await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { timezone: "Asia/Tokyo" } });
        expect(await zone.json()).toMatchObject({
          timezone: "Asia/Tokyo",
          display: "Every day at 8:30 AM (Asia/Tokyo)",
          next_fire_at: "2025-01-06T23:30:00.000Z",
        });
      });

      it("refuses a PATCH with a bad timezone or cron, naming the field, and changes nothing", async () => {
        const trigger = await created({ schedule: "0 9 * * *" });
        const zone = await readProblem(
          await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { timezone: "Europe/Atlantis" } }),
        );
        expect(zone).toMatchObject({ status: 400, detail: expect.stringMatching(/^timezone: /) });
        const cron = await readProblem(
          await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { schedule: "61 * * * *" } }),
        );
        expect(cron).toMatchObject({ status: 400, detail: expect.stringMatching(/^schedule \(minute\): /) });
        expect(await read(trigger.id)).toEqual(trigger);
      });

      it("changes the payload by PATCH without moving the next fire time, and keeps a disabled trigger unscheduled", async () => {
        const trigger = await created({ schedule: "0 9 * * *", enabled: false });
        expect(trigger.next_fire_at).toBeNull();
        clock.set("2025-01-06T08:40:00.000Z");
        const patched = await api(`/api/v1/triggers/${trigger.id}`, {
          method: "PATCH",
          json: { schedule: "0 10 * * *", input_payload: { a: 1 } },
        });
        expect(await patched.json()).toMatchObject({
          enabled: false,
          cron: "0 10 * * *",
          next_fire_at: null,
          input_payload: { a: 1 },
        });
        const enabled = await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { enabled: true } });
        expect(await enabled.json()).toMatchObject({ next_fire_at: "2025-01-06T10:00:00.000Z" });
        const payload = await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { input_payload: null } });
        expect(await payload.json()).toMatchObject({ input_payload: null, next_fire_at: "2025-01-06T10:00:00.000Z" });
      });

      it("refuses a webhook trigger's fields on a schedule trigger", async () => {
        const trigger = await created({ schedule: "0 9 * * *" });
        const patch = await api(`/api/v1/triggers/${trigger.id}`, {
          method: "PATCH",
          json: { webhook_url: "http://x" },
        });
        expect(await readProblem(patch)).toMatchObject({ status: 400, detail: expect.stringContaining("webhook_url") });
      });

      it("refuses every way of enabling a schedule trigger while the workflow prompts (D23)", async () => {
        const prompting = { prompt_for_task_description: true };
        const { response, workflow } = await createSchedule({ schedule: "0 9 * * *" }, prompting);
        expect(response.status).toBe(409);
        expect((await readProblem(response)).detail).toBe(ENABLE_REFUSED_MESSAGE);
        const disabled = await api(`/api/v1/workflows/${workflow.id}/triggers`, {
          json: { type: "schedule", name: "off", schedule: "0 9 * * *", enabled: false },
        });
        expect(disabled.status).toBe(201);
        const { id } = (await disabled.json()) as { id: number };
        const enable = await api(`/api/v1/triggers/${id}/enable`, { method: "POST" });
        expect((await readProblem(enable)).detail).toBe(ENABLE_REFUSED_MESSAGE);
        const patch = await api(`/api/v1/triggers/${id}`, {
          method: "PATCH",
          json: { enabled: true, schedule: "0 8 * * *" },
        });
        expect((await readProblem(patch)).detail).toBe(ENABLE_REFUSED_MESSAGE);
        expect(await read(id)).toMatchObject({ enabled: false, next_fire_at: null, cron: "0 9 * * *" });
      });

      it("fires now while enabled, with the payload, counted as manual, and leaves the next fire time alone", async () => {
        const trigger = await created({ schedule: "0 9 * * *", input_payload: { digest: true } });
        clock.set("2025-01-06T08:10:00.000Z");
        const response = await api(`/api/v1/triggers/${trigger.id}/fire`, { method: "POST" });
        expect(response.status).toBe(201);
        const run = (await response.json()) as { workflow_run_id: number };
        expect(run).toMatchObject({ source: "manual", status: "succeeded", scheduled_for: null });
        expect(await waitForRun(test, acme.token, run.workflow_run_id)).toMatchObject({ input: { digest: true } });
        expect(await read(trigger.id)).toMatchObject({
          fire_count: 1,
          last_fired_at: "2025-01-06T08:10:00.000Z",
          next_fire_at: "2025-01-06T09:00:00.000Z",
        });
      });

      it("fires now while disabled and outside the date window", async () => {
        const trigger = await created({ schedule: "0 9 * * *", enabled: false, end_date: "2024-12-31" });
        const first = await api(`/api/v1/triggers/${trigger.id}/fire`, { method: "POST" });
        const second = await api(`/api/v1/triggers/${trigger.id}/fire`, { method: "POST" });
        expect([first.status, second.status]).toEqual([201, 201]);
        expect(await read(trigger.id)).toMatchObject({ enabled: false, fire_count: 2, next_fire_at: null });
        const runs = await readJson(await api(`/api/v1/triggers/${trigger.id}/runs`));
        expect(runs.items.map((item) => item.source)).toEqual(["manual", "manual"]);
      });
    },
  );
}
