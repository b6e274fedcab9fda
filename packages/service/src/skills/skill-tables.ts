import type { Generated, Kysely, Selectable } from "kysely";
import type { InstallationTables } from "../installations/installation-tables.ts";
import type { Database } from "../store/index.ts";

// The skills module owns this table (migration 0008-sources).

/** Where a Skill came from (A13). */
export type SkillOrigin = "manual" | "app" | "tool_server";

/** A Skill: a bundle of built-in tools, credential keys and knowledge text. */
export interface SkillTable {
  id: Generated<number>;
  organization_id: number;
  /**
   * D585: the project that made it (migration 0022): a manual Skill's creating token's, an App's Skill its
   * installation's; null for a tool server's and for one made before it was recorded (any project of the organization).
   */
  project_id: Generated<number | null>;
  name: string;
  description: string;
  knowledge: string;
  /** JSON array of built-in tool names. */
  tool_names: string;
  /** JSON array of credential keys (A5: shared by key with the organization's Apps). */
  credential_keys: string;
  origin: SkillOrigin;
  installation_id: string | null;
  created_at: string;
  updated_at: string;
}

export type SkillTables = { skills: SkillTable };
export type SkillRow = Selectable<SkillTable>;

/** Views a core connection or transaction with the skills table typed too. */
export function withSkillTables(db: Kysely<Database>): Kysely<Database & InstallationTables & SkillTables> {
  return db.withTables<InstallationTables & SkillTables>();
}
