import type { EventFilter, Trigger } from "@adapterkit/contract";
import { withoutUserinfo } from "../outbound/without-userinfo.ts";
import { resolveSchedule } from "../schedule/index.ts";
import type { TriggerRow } from "../store/index.ts";
import { fromJsonColumn } from "../store/index.ts";
import { toWebhookUrl, unsealWebhookToken } from "./webhook-token.ts";

/** What rendering a trigger needs besides its row. */
export interface TriggerJsonContext {
  readonly serviceKey: Buffer;
  readonly publicUrl: string;
}

/** Renders a trigger row as the D17 JSON for its type. */
export function toTriggerJson(row: TriggerRow, context: TriggerJsonContext): Trigger {
  const common = {
    id: row.id,
    workflow_id: row.workflow_id,
    name: row.name,
    enabled: row.enabled === 1,
    fire_count: Number(row.fire_count),
    last_fired_at: row.last_fired_at,
    callback_url: withoutUserinfo(row.callback_url),
    created_at: row.created_at,
  };
  if (row.type === "schedule") {
    const timezone = row.timezone ?? "UTC";
    const resolved = resolveSchedule(row.schedule ?? "", timezone);
    return {
      ...common,
      type: "schedule",
      schedule: row.schedule ?? "",
      cron: row.cron ?? "",
      description: row.description,
      timezone,
      display: resolved.ok ? resolved.display : `${row.cron} (${timezone})`,
      start_date: row.start_date,
      end_date: row.end_date,
      input_payload: fromJsonColumn(row.input_payload),
      next_fire_at: row.next_fire_at,
    };
  }
  if (row.type === "app_event") {
    return {
      ...common,
      type: "app_event",
      app_installation_id: row.app_installation_id ?? "",
      event_type: row.event_type ?? "",
      target_stage: row.target_stage ?? "",
      event_filter: fromJsonColumn(row.event_filter) as EventFilter | null,
    };
  }
  const token = unsealWebhookToken(context.serviceKey, row.webhook_token_enc ?? "");
  return { ...common, type: "webhook", webhook_url: toWebhookUrl(context.publicUrl, token) };
}
