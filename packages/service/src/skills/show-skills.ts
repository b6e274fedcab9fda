import type { SkillJson, ToolJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { ORGANIZATION_WIDE } from "../credentials/credential-scope.ts";
import { withCredentialTables } from "../credentials/credential-tables.ts";
import type { Database } from "../store/index.ts";
import { withToolServerTables } from "../tool-servers/tool-server-tables.ts";
import { BUILTIN_TOOLS } from "./builtin-tools.ts";
import type { SkillRow } from "./skill-tables.ts";

const BUILTIN = new Map<string, ToolJson>(BUILTIN_TOOLS.map((tool) => [tool.name, { ...tool }]));

/** The tools of each tool server's Skill, as last listed, by Skill id. */
async function toolServerTools(db: Kysely<Database>, rows: readonly SkillRow[]): Promise<Map<number, ToolJson[]>> {
  const ids = rows.filter((row) => row.origin === "tool_server").map((row) => Number(row.id));
  if (ids.length === 0) return new Map();
  const servers = await withToolServerTables(db)
    .selectFrom("tool_servers")
    .select(["skill_id", "tools"])
    .where("skill_id", "in", ids)
    .execute();
  return new Map(servers.map((server) => [Number(server.skill_id), JSON.parse(server.tools) as ToolJson[]]));
}

/**
 * Skills as the API shows them: each tool with its description and input schema (the registry's, or the tool
 * server's as last listed), each credential key with whether the viewer's project holds a record of it (A5, D338).
 */
export async function showSkills(
  db: Kysely<Database>,
  rows: readonly SkillRow[],
  viewer: { readonly projectId: number },
): Promise<SkillJson[]> {
  const keysOf = (row: SkillRow) => JSON.parse(row.credential_keys) as string[];
  const stored = new Set<string>();
  for (const organizationId of new Set(rows.map((row) => row.organization_id))) {
    const keys = rows.filter((row) => row.organization_id === organizationId).flatMap(keysOf);
    if (keys.length === 0) continue;
    // Whether the viewer's project (or the organization-wide records) holds the key: a yes or no, never whose or
    // which, and nothing of another project's (D338).
    const records = await withCredentialTables(db)
      .selectFrom("credentials")
      .select("key")
      .distinct()
      .where("organization_id", "=", organizationId)
      .where("project_id", "in", [viewer.projectId, ORGANIZATION_WIDE])
      .where("key", "in", [...new Set(keys)])
      .execute();
    for (const record of records) stored.add(`${organizationId}:${record.key}`);
  }
  const served = await toolServerTools(db, rows);
  const toolsOf = (row: SkillRow, names: readonly string[]): ToolJson[] =>
    row.origin === "tool_server"
      ? (served.get(Number(row.id)) ?? [])
      : names.flatMap((name) => {
          const tool = BUILTIN.get(name);
          return tool === undefined ? [] : [tool];
        });
  return rows.map((row) => ({
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    project_id: row.project_id === null ? null : Number(row.project_id),
    name: row.name,
    description: row.description,
    knowledge: row.knowledge,
    tool_names: JSON.parse(row.tool_names) as string[],
    tools: toolsOf(row, JSON.parse(row.tool_names) as string[]),
    credentials: keysOf(row).map((key) => ({ key, stored: stored.has(`${row.organization_id}:${key}`) })),
    origin: row.origin,
    installation_id: row.installation_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}
