import type { Generated, Kysely, Selectable } from "kysely";
import type { SkillTables } from "../skills/skill-tables.ts";
import type { Database } from "../store/index.ts";

// The tool-servers module owns this table (migration 0011-tool-servers).

/** A connected Model Context Protocol server and the Skill made of its tools (A13). */
export interface ToolServerTable {
  id: Generated<number>;
  organization_id: number;
  name: string;
  url: string;
  /** The request headers, sealed as one JSON object (D192); null when none were given. */
  headers_enc: string | null;
  skill_id: number;
  server_name: string;
  /** JSON array of the tools as last listed. */
  tools: string;
  created_at: string;
  /** When the tools were last listed successfully. */
  refreshed_at: string;
  /** D321: the last refresh, scheduled or on demand, good or failed (null only before migration 0013 filled it). */
  last_refresh_at: string | null;
  /** D321: why the last refresh failed; null when it succeeded. */
  last_refresh_error: string | null;
  /** D320: the scheduled refresher holding the row, and until when (across instances). */
  refresh_lease_owner: string | null;
  refresh_lease_until: string | null;
}

export type ToolServerTables = { tool_servers: ToolServerTable };
export type ToolServerRow = Selectable<ToolServerTable>;

/** Views a core connection or transaction with the tool-server and skills tables typed too. */
export function withToolServerTables(db: Kysely<Database>): Kysely<Database & SkillTables & ToolServerTables> {
  return db.withTables<SkillTables & ToolServerTables>();
}
