import { describe, expect, it } from "vitest";
import { EXAMPLE_WEBHOOK_TRIGGER } from "./examples.ts";
import { eventFilterSchema, triggerSchema } from "./trigger.ts";
import { WEBHOOK_TOKEN_PATTERN } from "./trigger-request.ts";

const common = {
  id: 4,
  workflow_id: 7,
  name: "t",
  enabled: true,
  fire_count: 0,
  last_fired_at: null,
  callback_url: null,
  created_at: "2025-01-01T09:00:00.000Z",
};

describe("trigger", () => {
  it("accepts a webhook trigger whose URL ends with a 43-character token", () => {
    expect(triggerSchema.parse(EXAMPLE_WEBHOOK_TRIGGER)).toEqual(EXAMPLE_WEBHOOK_TRIGGER);
    const token = new URL(
      EXAMPLE_WEBHOOK_TRIGGER.type === "webhook" ? EXAMPLE_WEBHOOK_TRIGGER.webhook_url : "",
    ).pathname
      .split("/")
      .pop();
    expect(WEBHOOK_TOKEN_PATTERN.test(token ?? "")).toBe(true);
  });

  it("accepts a schedule trigger with the D17 fields", () => {
    const schedule = {
      ...common,
      type: "schedule",
      schedule: "every weekday at 9am",
      cron: "0 9 * * 1-5",
      description: "every weekday at 9am",
      timezone: "Europe/Berlin",
      display: "Every weekday at 9:00 AM (Europe/Berlin)",
      start_date: "2025-01-01",
      end_date: null,
      input_payload: { digest: true },
      next_fire_at: "2025-01-02T08:00:00.000Z",
    };
    expect(triggerSchema.safeParse(schedule).success).toBe(true);
    expect(triggerSchema.safeParse({ ...schedule, cron: undefined }).success).toBe(false);
  });

  it("accepts an app-event trigger with a filter", () => {
    const appEvent = {
      ...common,
      type: "app_event",
      app_installation_id: "inst_q3xG0vJ8m2Yk7dR1sT5wZ9",
      event_type: "message.received",
      target_stage: "triage",
      event_filter: { sender: ["a@example.com"], is_dm: true },
    };
    expect(triggerSchema.safeParse(appEvent).success).toBe(true);
    expect(triggerSchema.safeParse({ ...appEvent, target_stage: undefined }).success).toBe(false);
  });

  it("rejects an unknown type and a webhook trigger without its URL", () => {
    expect(triggerSchema.safeParse({ ...common, type: "email" }).success).toBe(false);
    expect(triggerSchema.safeParse({ ...common, type: "webhook" }).success).toBe(false);
  });

  it("accepts the D26 filter fields and rejects anything else", () => {
    expect(eventFilterSchema.safeParse({ metadata: { label: ["a", "b"] }, message_contains: "x" }).success).toBe(true);
    expect(eventFilterSchema.safeParse({ sender_regex: ".*" }).success).toBe(false);
    expect(eventFilterSchema.safeParse({ is_dm: "yes" }).success).toBe(false);
  });
});
