import type { Manifest } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import type { Database } from "../store/index.ts";
import { insertSkill } from "./insert-skill.ts";
import { withSkillTables } from "./skill-tables.ts";

/**
 * A13: the Skill an App's `manifest.skill` declares, created with its installation (in the install's transaction),
 * carrying every credential key of the manifest, so the App and its Skill share the records (A5). An unknown tool
 * name refuses the install (400 naming `/skill/tool_names/i`). Nothing when the manifest has no `skill`.
 */
export async function createAppSkill(
  db: Kysely<Database>,
  input: { manifest: Manifest; organizationId: number; projectId: number | null; installationId: string; now: Date },
): Promise<void> {
  const { skill } = input.manifest;
  if (skill === undefined) return;
  await insertSkill(db, {
    organizationId: input.organizationId,
    projectId: input.projectId,
    name: skill.name,
    description: skill.description,
    knowledge: skill.knowledge,
    toolNames: skill.tool_names,
    credentialKeys: (input.manifest.credentials ?? []).map((definition) => definition.key),
    origin: "app",
    installationId: input.installationId,
    now: input.now,
    toolNamesAt: "/skill/tool_names",
  });
}

/** A4: the uninstall removes the Skills its installation created, and nothing else (credentials stay, shared). */
export async function removeAppSkills(db: Kysely<Database>, installationId: string): Promise<number> {
  const result = await withSkillTables(db)
    .deleteFrom("skills")
    .where("installation_id", "=", installationId)
    .where("origin", "=", "app")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
