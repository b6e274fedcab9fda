import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { issuePaths } from "../../test/issue-paths.ts";
import { jsonSchemaAccepts } from "../../test/json-schema-verdict.ts";
import { triggerSchema } from "./trigger.ts";
import { hookResponseSchema, triggerResponseSchema } from "./trigger-request.ts";
import { triggerRunSchema } from "./trigger-run.ts";
import { workflowRunSchema } from "./workflow-run.ts";

// contract.md#resources: each resource's constraints, one invalid value per constraint.

const TRIGGER = {
  id: 4,
  workflow_id: 7,
  type: "webhook",
  name: "Orders",
  enabled: true,
  fire_count: 2,
  last_fired_at: "2025-01-01T09:00:00.000Z",
  callback_url: null,
  created_at: "2025-01-01T08:00:00.000Z",
  webhook_url: `http://localhost:3000/api/v1/hooks/${"a".repeat(43)}`,
};
const SCHEDULE = {
  ...TRIGGER,
  type: "schedule",
  webhook_url: undefined,
  schedule: "0 9 * * 1-5",
  cron: "0 9 * * 1-5",
  description: null,
  timezone: "UTC",
  display: "At 09:00 AM, Monday through Friday (UTC)",
  start_date: null,
  end_date: null,
  input_payload: null,
  next_fire_at: null,
};
const APP_EVENT = {
  ...TRIGGER,
  type: "app_event",
  webhook_url: undefined,
  app_installation_id: "inst_q3xG0vJ8m2Yk7dR1sT5wZ9",
  event_type: "message.received",
  target_stage: "triage",
  event_filter: null,
};
const TRIGGER_RUN = {
  id: 11,
  trigger_id: 4,
  source: "webhook",
  scheduled_for: null,
  fired_at: "2025-01-01T09:00:00.000Z",
  status: "succeeded",
  workflow_run_id: 129,
  error: null,
};
const RUN = {
  id: 129,
  workflow_id: 7,
  session_id: 129,
  trigger_id: null,
  source: "api",
  status: "queued",
  input_type: null,
  input: null,
  start_stage: null,
  output: null,
  error: null,
  outputs: [],
  created_at: "2025-01-01T09:00:00.000Z",
  started_at: null,
  finished_at: null,
};

const valid: [string, z.ZodType, unknown][] = [
  ["a webhook trigger", triggerSchema, TRIGGER],
  ["a schedule trigger", triggerSchema, SCHEDULE],
  ["an app-event trigger", triggerSchema, APP_EVENT],
  ["a trigger run", triggerRunSchema, TRIGGER_RUN],
  [
    "a missed schedule slot",
    triggerRunSchema,
    {
      ...TRIGGER_RUN,
      source: "schedule",
      scheduled_for: TRIGGER_RUN.fired_at,
      status: "missed",
      workflow_run_id: null,
    },
  ],
  ["a workflow run", workflowRunSchema, RUN],
  ["the trigger response", triggerResponseSchema, { workflow_run_id: 1, session_id: 1 }],
  ["the hook response", hookResponseSchema, { workflow_run_id: 1, status: "started" }],
];

/** [label, schema, value, the field zod names] */
const invalid: [string, z.ZodType, unknown, string][] = [
  ["a trigger without a name", triggerSchema, { ...TRIGGER, name: undefined }, "name"],
  ["enabled as a string", triggerSchema, { ...TRIGGER, enabled: "true" }, "enabled"],
  ["a negative fire count", triggerSchema, { ...TRIGGER, fire_count: -1 }, "fire_count"],
  ["last fired that is not an instant", triggerSchema, { ...TRIGGER, last_fired_at: "yesterday" }, "last_fired_at"],
  ["a webhook trigger without its URL", triggerSchema, { ...TRIGGER, webhook_url: undefined }, "webhook_url"],
  [
    "a webhook URL with a 42-character token",
    triggerSchema,
    { ...TRIGGER, webhook_url: TRIGGER.webhook_url.slice(0, -1) },
    "webhook_url",
  ],
  [
    "a webhook URL that is not a hook URL",
    triggerSchema,
    { ...TRIGGER, webhook_url: `http://localhost:3000/${"a".repeat(43)}` },
    "webhook_url",
  ],
  ["a schedule trigger without a timezone", triggerSchema, { ...SCHEDULE, timezone: undefined }, "timezone"],
  ["a schedule trigger without a schedule", triggerSchema, { ...SCHEDULE, schedule: undefined }, "schedule"],
  [
    "an app-event trigger without an app",
    triggerSchema,
    { ...APP_EVENT, app_installation_id: undefined },
    "app_installation_id",
  ],
  ["an app-event trigger without an event type", triggerSchema, { ...APP_EVENT, event_type: undefined }, "event_type"],
  [
    "an app-event trigger without a target stage",
    triggerSchema,
    { ...APP_EVENT, target_stage: undefined },
    "target_stage",
  ],
  ["a trigger of type email", triggerSchema, { ...TRIGGER, type: "email" }, "type"],
  ["a trigger run with status deleted", triggerRunSchema, { ...TRIGGER_RUN, status: "deleted" }, "status"],
  ["a trigger run from cron", triggerRunSchema, { ...TRIGGER_RUN, source: "cron" }, "source"],
  ["a trigger run without fired_at", triggerRunSchema, { ...TRIGGER_RUN, fired_at: undefined }, "fired_at"],
  ["a run with status started", workflowRunSchema, { ...RUN, status: "started" }, "status"],
  ["a run id that is not an integer", workflowRunSchema, { ...RUN, id: 1.5 }, "id"],
  ["a trigger response without session_id", triggerResponseSchema, { workflow_run_id: 1 }, "session_id"],
  ["a hook response with status queued", hookResponseSchema, { workflow_run_id: 1, status: "queued" }, "status"],
  [
    "a hook response with a string id",
    hookResponseSchema,
    { workflow_run_id: "1", status: "started" },
    "workflow_run_id",
  ],
];

describe("public API resources", () => {
  it.each(valid)("accepts %s", (_label, schema, value) => {
    expect(schema.safeParse(value).error).toBeUndefined();
  });

  it.each(invalid)("rejects %s, naming the field", (_label, schema, value, field) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(issuePaths(result.error!)).toContain(field);
  });

  it.each(valid)("publishes a JSON Schema that accepts %s too", (_label, schema, value) => {
    expect(jsonSchemaAccepts(schema, value)).toBe(true);
  });

  it.each(invalid)("publishes a JSON Schema that rejects %s too", (_label, schema, value) => {
    expect(jsonSchemaAccepts(schema, value)).toBe(false);
  });
});
