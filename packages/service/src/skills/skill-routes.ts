import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { ServiceError } from "../errors/service-error.ts";
import { principalOf, type Route } from "../http/route.ts";
import { parseIdParam } from "../store/index.ts";
import { BUILTIN_TOOLS } from "./builtin-tools.ts";
import { insertSkill } from "./insert-skill.ts";
import { showSkills } from "./show-skills.ts";
import { type SkillRow, withSkillTables } from "./skill-tables.ts";

/** `GET /api/v1/tools`. */
export const listToolsRoute: Route<"list-tools"> = {
  auth: "api",
  handler: async () => ({ status: 200, body: { items: BUILTIN_TOOLS } }),
};

/** `POST /api/v1/skills`: a Skill-only integration (project-scoped token, D119). */
export const createSkillRoute: Route<"create-skill"> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeAppManagement(principalOf(input));
    const body = input.body;
    const row = await insertSkill(context.store.db, {
      organizationId,
      name: body.name,
      description: body.description,
      knowledge: body.knowledge,
      toolNames: body.tool_names,
      credentialKeys: body.credential_keys,
      origin: "manual",
      installationId: null,
      now: context.now(),
      toolNamesAt: "/tool_names",
    });
    const [json] = await showSkills(context.store.db, [row]);
    return { status: 201, body: json, headers: { location: `/api/v1/skills/${row.id}` } };
  },
};

/** `GET /api/v1/skills`. */
export const listSkillsRoute: Route<"list-skills"> = {
  auth: "api",
  async handler(input, context) {
    const rows = await withSkillTables(context.store.db)
      .selectFrom("skills")
      .selectAll()
      .where("organization_id", "=", principalOf(input).organizationId)
      .orderBy("id")
      .execute();
    return { status: 200, body: { items: await showSkills(context.store.db, rows) } };
  },
};

async function findSkill(
  context: Parameters<Route<"get-skill">["handler"]>[1],
  organizationId: number,
  idText: string | undefined,
): Promise<SkillRow> {
  const id = parseIdParam(idText);
  const row =
    id === undefined
      ? undefined
      : await withSkillTables(context.store.db)
          .selectFrom("skills")
          .selectAll()
          .where("organization_id", "=", organizationId)
          .where("id", "=", id)
          .executeTakeFirst();
  if (row === undefined) throw new ServiceError("not_found", `No skill ${idText} in this organization.`);
  return row;
}

/** `GET /api/v1/skills/{skill_id}`. */
export const getSkillRoute: Route<"get-skill"> = {
  auth: "api",
  async handler(input, context) {
    const row = await findSkill(context, principalOf(input).organizationId, input.params.skill_id);
    const [json] = await showSkills(context.store.db, [row]);
    return { status: 200, body: json };
  },
};

/** `DELETE /api/v1/skills/{skill_id}`: a manual Skill; an App's goes with its uninstall, a tool server's with it. */
export const deleteSkillRoute: Route<"delete-skill"> = {
  auth: "api",
  async handler(input, context) {
    const organizationId = authorizeAppManagement(principalOf(input));
    const row = await findSkill(context, organizationId, input.params.skill_id);
    if (row.installation_id !== null) {
      throw new ServiceError(
        "conflict",
        `Skill ${row.id} belongs to installation ${row.installation_id}; uninstall it instead.`,
      );
    }
    if (row.origin === "tool_server") {
      throw new ServiceError("conflict", `Skill ${row.id} is a tool server's; disconnect the tool server instead.`);
    }
    await withSkillTables(context.store.db).deleteFrom("skills").where("id", "=", row.id).execute();
    return { status: 204 };
  },
};
