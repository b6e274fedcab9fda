import type { SkillJson } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { findCredentialRows } from "../credentials/read-credentials.ts";
import type { Database } from "../store/index.ts";
import type { SkillRow } from "./skill-tables.ts";

/** Skills as the API shows them: each credential key with whether the organization holds its record (A5). */
export async function showSkills(db: Kysely<Database>, rows: readonly SkillRow[]): Promise<SkillJson[]> {
  const keysOf = (row: SkillRow) => JSON.parse(row.credential_keys) as string[];
  const stored = new Set<string>();
  for (const organizationId of new Set(rows.map((row) => row.organization_id))) {
    const keys = rows.filter((row) => row.organization_id === organizationId).flatMap(keysOf);
    for (const record of await findCredentialRows(db, organizationId, [...new Set(keys)])) {
      stored.add(`${organizationId}:${record.key}`);
    }
  }
  return rows.map((row) => ({
    id: Number(row.id),
    organization_id: Number(row.organization_id),
    name: row.name,
    description: row.description,
    knowledge: row.knowledge,
    tool_names: JSON.parse(row.tool_names) as string[],
    credentials: keysOf(row).map((key) => ({ key, stored: stored.has(`${row.organization_id}:${key}`) })),
    origin: row.origin,
    installation_id: row.installation_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
}
