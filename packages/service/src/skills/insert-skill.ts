import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { unknownToolNames } from "./builtin-tools.ts";
import { type SkillOrigin, type SkillRow, withSkillTables } from "./skill-tables.ts";

/** What a Skill is created with. */
export interface NewSkill {
  readonly organizationId: number;
  /** D585: the project that made it, which alone may delete it (a manual one); null for any project. */
  readonly projectId: number | null;
  readonly name: string;
  readonly description: string;
  readonly knowledge: string;
  readonly toolNames: readonly string[];
  readonly credentialKeys: readonly string[];
  readonly origin: SkillOrigin;
  readonly installationId: string | null;
  readonly now: Date;
  /** Where the tool names were given, for the error: `/tool_names` or `/skill/tool_names`. */
  readonly toolNamesAt: string;
}

/** Inserts a Skill once every tool name is a built-in tool (400 naming each unknown one otherwise). */
export async function insertSkill(db: Kysely<Database>, skill: NewSkill): Promise<SkillRow> {
  const unknown = unknownToolNames(skill.toolNames);
  if (unknown.length > 0) {
    const errors = unknown.map((name) => ({
      path: `${skill.toolNamesAt}/${skill.toolNames.indexOf(name)}`,
      message: `${name} is not a built-in tool of this service (GET /api/v1/tools lists them)`,
    }));
    throw new ServiceError("invalid_request", `tool_names: ${errors.map((e) => e.message).join("; ")}`, { errors });
  }
  const at = skill.now.toISOString();
  return withSkillTables(db)
    .insertInto("skills")
    .values({
      organization_id: skill.organizationId,
      project_id: skill.projectId,
      name: skill.name,
      description: skill.description,
      knowledge: skill.knowledge,
      tool_names: JSON.stringify([...new Set(skill.toolNames)]),
      credential_keys: JSON.stringify([...new Set(skill.credentialKeys)]),
      origin: skill.origin,
      installation_id: skill.installationId,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
