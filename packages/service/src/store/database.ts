import type { Generated, Insertable, Selectable, Updateable } from "kysely";

// Portable column conventions (D28): timestamps are ISO-8601 UTC text, JSON is text, booleans are 0/1 integers,
// so the same queries and the same rows work on SQLite and PostgreSQL.

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  created_at: string;
}

export interface ProjectTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  created_at: string;
}

export interface WorkflowTable {
  id: Generated<number>;
  organization_id: number;
  project_id: number;
  name: string;
  prompt_for_task_description: number;
  stages: string;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
}

export interface ApiTokenTable {
  id: Generated<number>;
  organization_id: number;
  project_id: number | null;
  workflow_id: number | null;
  name: string;
  token_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface TriggerTable {
  id: Generated<number>;
  organization_id: number;
  workflow_id: number;
  type: string;
  name: string;
  enabled: number;
  fire_count: Generated<number>;
  last_fired_at: string | null;
  callback_url: string | null;
  created_at: string;
  updated_at: string;
  // webhook
  webhook_token_hash: string | null;
  webhook_token_enc: string | null;
  // schedule (D17)
  schedule: string | null;
  cron: string | null;
  description: string | null;
  timezone: string | null;
  start_date: string | null;
  end_date: string | null;
  input_payload: string | null;
  next_fire_at: string | null;
  // app_event (D17)
  app_installation_id: string | null;
  event_type: string | null;
  target_stage: string | null;
  event_filter: string | null;
  // scheduler (0003): a due schedule trigger is left to the instance that claimed it until then
  claimed_until: string | null;
}

export interface TriggerRunTable {
  id: Generated<number>;
  trigger_id: number;
  source: string;
  scheduled_for: string | null;
  fired_at: string;
  status: string;
  workflow_run_id: number | null;
  error: string | null;
}

export interface SessionTable {
  id: Generated<number>;
  organization_id: number;
  created_at: string;
}

export interface WorkflowRunTable {
  id: Generated<number>;
  organization_id: number;
  workflow_id: number;
  session_id: number;
  trigger_id: number | null;
  source: string;
  status: string;
  input_type: string | null;
  input: string | null;
  start_stage: string | null;
  output: string | null;
  error: string | null;
  attempts: Generated<number>;
  lease_expires_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface RunOutputTable {
  id: Generated<number>;
  workflow_run_id: number;
  sequence: number;
  stage: string;
  data: string;
  emitted_at: string;
}

export interface IdempotencyKeyTable {
  trigger_id: number;
  key: string;
  body_hash: string;
  workflow_run_id: number;
  created_at: string;
}

/** Every table of the service core; later modules add theirs in their own migrations. */
export interface Database {
  organizations: OrganizationTable;
  projects: ProjectTable;
  workflows: WorkflowTable;
  api_tokens: ApiTokenTable;
  triggers: TriggerTable;
  trigger_runs: TriggerRunTable;
  sessions: SessionTable;
  workflow_runs: WorkflowRunTable;
  run_outputs: RunOutputTable;
  idempotency_keys: IdempotencyKeyTable;
}

export type OrganizationRow = Selectable<OrganizationTable>;
export type ProjectRow = Selectable<ProjectTable>;
export type WorkflowRow = Selectable<WorkflowTable>;
export type ApiTokenRow = Selectable<ApiTokenTable>;
export type TriggerRow = Selectable<TriggerTable>;
export type NewTrigger = Insertable<TriggerTable>;
export type TriggerUpdate = Updateable<TriggerTable>;
export type TriggerRunRow = Selectable<TriggerRunTable>;
export type WorkflowRunRow = Selectable<WorkflowRunTable>;
export type RunOutputRow = Selectable<RunOutputTable>;
