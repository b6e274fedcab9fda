import type { ToolJson, ToolServerJson } from "@adapterkit/contract";
import { headerNamesOf } from "./seal-headers.ts";
import type { ToolServerRow } from "./tool-server-tables.ts";

/** A tool server as the API shows it: header names, never their values. */
export function showToolServer(row: ToolServerRow): ToolServerJson {
  return {
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    name: row.name,
    url: row.url,
    header_names: headerNamesOf(row.headers_enc),
    skill_id: Number(row.skill_id),
    server_name: row.server_name,
    tools: JSON.parse(row.tools) as ToolJson[],
    created_at: row.created_at,
    refreshed_at: row.refreshed_at,
    last_refresh_at: row.last_refresh_at ?? row.refreshed_at,
    last_refresh_error: row.last_refresh_error,
  };
}
