import type { Principal } from "../auth/principal.ts";
import { projectOfPrincipal } from "../auth/project-of-principal.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { withInstallationTables } from "../installations/installation-tables.ts";
import type { SkillRow } from "./skill-tables.ts";

/**
 * The Skills of the organization a token may see (A17, D338): all but those an App's installation in another
 * project created, as that installation is not the token's to read; with the token's project, for showSkills.
 */
export async function visibleSkills(
  context: Pick<GroundContext, "store">,
  principal: Principal,
  rows: readonly SkillRow[],
): Promise<{ rows: SkillRow[]; viewer: { projectId: number } }> {
  const projectId = await projectOfPrincipal(context, principal);
  const ids = [...new Set(rows.flatMap((row) => (row.installation_id === null ? [] : [row.installation_id])))];
  const hidden = new Set<string>();
  if (ids.length > 0) {
    const installations = await withInstallationTables(context.store.db)
      .selectFrom("installations")
      .select(["id", "project_id"])
      .where("id", "in", ids)
      .execute();
    for (const installation of installations) {
      if (installation.project_id !== null && installation.project_id !== projectId) hidden.add(installation.id);
    }
  }
  const visible = rows.filter((row) => row.installation_id === null || !hidden.has(row.installation_id));
  return { rows: visible, viewer: { projectId } };
}
