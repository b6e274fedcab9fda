import type { ApiToken, Organization, Project } from "./admin.ts";
import type { CallbackEnvelope } from "./callback.ts";
import type { SchedulePreviewResponse } from "./schedule-preview.ts";
import type { Trigger } from "./trigger.ts";
import type { TriggerRun, TriggerRunPage } from "./trigger-run.ts";
import type { Workflow } from "./workflow.ts";
import type { WorkflowRun } from "./workflow-run.ts";

// Example values for the endpoint table; a test parses each one with its schema so they cannot drift.
const AT = "2025-01-01T09:00:00.000Z";
const HOOK_TOKEN = "q3xG0vJ8m2Yk7dR1sT5wZ9aB4cE6fH0iK2lM8nP1rU3";

export const EXAMPLE_WORKFLOW: Workflow = {
  id: 7,
  organization_id: 1,
  project_id: 2,
  name: "Triage",
  prompt_for_task_description: false,
  stages: [{ name: "greet", action: "echo", params: { text: "hello" } }],
  callback_url: "https://example.com/api/v1/callback",
  created_at: AT,
  updated_at: AT,
};

export const EXAMPLE_WEBHOOK_TRIGGER: Trigger = {
  id: 3,
  workflow_id: 7,
  type: "webhook",
  name: "Orders",
  enabled: true,
  fire_count: 1,
  last_fired_at: AT,
  callback_url: null,
  created_at: AT,
  webhook_url: `http://localhost:3000/api/v1/hooks/${HOOK_TOKEN}`,
};

export const EXAMPLE_TRIGGER_RUN: TriggerRun = {
  id: 11,
  trigger_id: 3,
  source: "webhook",
  scheduled_for: null,
  fired_at: AT,
  status: "succeeded",
  workflow_run_id: 129,
  error: null,
};

export const EXAMPLE_TRIGGER_RUN_PAGE: TriggerRunPage = { items: [EXAMPLE_TRIGGER_RUN], next_cursor: "MTE" };

export const EXAMPLE_WORKFLOW_RUN: WorkflowRun = {
  id: 129,
  workflow_id: 7,
  session_id: 129,
  trigger_id: 3,
  source: "webhook",
  status: "completed",
  input_type: "json",
  input: { order: 1 },
  start_stage: null,
  output: { order: 1 },
  error: null,
  outputs: [{ sequence: 0, stage: "greet", data: { order: 1 }, emitted_at: "2025-01-01T09:00:01.000Z" }],
  created_at: AT,
  started_at: "2025-01-01T09:00:00.500Z",
  finished_at: "2025-01-01T09:00:01.000Z",
};

export const EXAMPLE_SCHEDULE_PREVIEW: SchedulePreviewResponse = {
  cron: "0 9 * * 1-5",
  description: "every weekday at 9am",
  display: "Every weekday at 9:00 AM (America/New_York)",
  fires: ["2025-01-06T14:00:00.000Z", "2025-01-07T14:00:00.000Z", "2025-01-08T14:00:00.000Z"],
};

export const EXAMPLE_CALLBACK: CallbackEnvelope = {
  type: "workflow_run.completed",
  timestamp: "2025-01-01T09:00:01.000Z",
  data: { workflow_run_id: 129, workflow_id: 7, session_id: 129, trigger_id: 3, status: "completed", output: {} },
};

export const EXAMPLE_ORGANIZATION: Organization = { id: 1, name: "Acme", created_at: AT };
export const EXAMPLE_PROJECT: Project = { id: 2, organization_id: 1, name: "Default", created_at: AT };
export const EXAMPLE_API_TOKEN: ApiToken = {
  id: 4,
  name: "CI",
  organization_id: 1,
  scope: "project",
  project_id: 2,
  workflow_id: null,
  created_at: AT,
  token: "ak_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5MDE",
};
