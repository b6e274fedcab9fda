import { describe, expect, it } from "vitest";
import {
  appEventTriggerPatchSchema,
  scheduleTriggerPatchSchema,
  triggerCreateSchema,
  webhookTriggerPatchSchema,
} from "./trigger-body.ts";

describe("trigger bodies", () => {
  it("accepts a webhook create request with a name only", () => {
    expect(triggerCreateSchema.parse({ type: "webhook", name: "Orders" })).toEqual({ type: "webhook", name: "Orders" });
  });

  it("rejects schedule fields on a webhook trigger", () => {
    const result = triggerCreateSchema.safeParse({ type: "webhook", name: "Orders", timezone: "UTC" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["timezone"] });
  });

  it("requires a schedule for a schedule trigger and accepts both D18 date forms", () => {
    expect(triggerCreateSchema.safeParse({ type: "schedule", name: "d" }).success).toBe(false);
    const body = {
      type: "schedule",
      name: "d",
      schedule: "0 9 * * *",
      start_date: "2025-03-01",
      end_date: "2025-03-31T18:00:00+02:00",
    };
    expect(triggerCreateSchema.safeParse(body).success).toBe(true);
    expect(triggerCreateSchema.safeParse({ ...body, start_date: "March 1" }).success).toBe(false);
  });

  it("requires the app, event type and target stage for an app-event trigger", () => {
    const body = {
      type: "app_event",
      name: "a",
      app_installation_id: "inst_q3xG0vJ8m2Yk7dR1sT5wZ9",
      event_type: "m",
      target_stage: "s",
    };
    expect(triggerCreateSchema.safeParse(body).success).toBe(true);
    expect(triggerCreateSchema.safeParse({ ...body, event_type: undefined }).success).toBe(false);
  });

  it("rejects a missing or unknown type", () => {
    expect(triggerCreateSchema.safeParse({ name: "x" }).success).toBe(false);
    expect(triggerCreateSchema.safeParse({ type: "cron", name: "x" }).success).toBe(false);
  });

  it("allows only each type's own fields in a patch", () => {
    expect(webhookTriggerPatchSchema.safeParse({ enabled: false }).success).toBe(true);
    expect(webhookTriggerPatchSchema.safeParse({ webhook_url: "http://x" }).success).toBe(false);
    expect(scheduleTriggerPatchSchema.safeParse({ schedule: "hourly", timezone: "UTC" }).success).toBe(true);
    expect(scheduleTriggerPatchSchema.safeParse({ event_type: "x" }).success).toBe(false);
    expect(appEventTriggerPatchSchema.safeParse({ target_stage: "b" }).success).toBe(true);
    expect(appEventTriggerPatchSchema.safeParse({ app_installation_id: 2 }).success).toBe(false);
  });
});
