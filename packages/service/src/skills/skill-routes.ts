import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { type FeatureRoutes, principalOf, type Route } from "../http/route.ts";
import { parseIdParam } from "../store/index.ts";
import { BUILTIN_TOOLS } from "./builtin-tools.ts";
import { insertSkill } from "./insert-skill.ts";
import { showSkills } from "./show-skills.ts";
import { type SkillRow, withSkillTables } from "./skill-tables.ts";
import type { SkillsContext } from "./skills-context.ts";
import { visibleSkills } from "./visible-skills.ts";

/** `GET /api/v1/tools`. */
export const listToolsRoute: Route<"list-tools", SkillsContext> = {
  auth: "api",
  handler: async () => ({ status: 200, body: { items: BUILTIN_TOOLS } }),
};

/** `POST /api/v1/skills`: a Skill-only integration (project-scoped token, D119). */
export const createSkillRoute: Route<"create-skill", SkillsContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const organizationId = authorizeAppManagement(principal);
    const body = input.body;
    const row = await insertSkill(context.store.db, {
      organizationId,
      projectId: principal.scope.type === "project" ? principal.scope.projectId : null,
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
    const { viewer } = await visibleSkills(context, principalOf(input), [row]);
    const [json] = await showSkills(context.store.db, [row], viewer);
    return { status: 201, body: json, headers: { location: `/api/v1/skills/${row.id}` } };
  },
};

/** `GET /api/v1/skills`. */
export const listSkillsRoute: Route<"list-skills", SkillsContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const all = await withSkillTables(context.store.db)
      .selectFrom("skills")
      .selectAll()
      .where("organization_id", "=", principal.organizationId)
      .orderBy("id")
      .execute();
    const { rows, viewer } = await visibleSkills(context, principal, all);
    return { status: 200, body: { items: await showSkills(context.store.db, rows, viewer) } };
  },
};

/** D585: a manual Skill is changed or deleted by the project that created it only (null: any, made before 0022). */
function authorizeSkillProject(principal: Principal, row: SkillRow): void {
  if (row.project_id === null || principal.scope.type !== "project" || principal.scope.projectId === row.project_id) {
    return;
  }
  throw new ServiceError(
    "forbidden",
    `Skill ${row.id} was created by another project of this organization (project ${row.project_id}); only a token of that project may change or delete it.`,
  );
}

async function findSkill(
  context: Parameters<Route<"get-skill", SkillsContext>["handler"]>[1],
  principal: Principal,
  idText: string | undefined,
): Promise<{ row: SkillRow; viewer: { projectId: number } }> {
  const { organizationId } = principal;
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
  const visible = row === undefined ? undefined : await visibleSkills(context, principal, [row]);
  const [shown] = visible?.rows ?? [];
  if (shown === undefined || visible === undefined) {
    throw new ServiceError("not_found", `No skill ${idText} in this token's scope.`);
  }
  return { row: shown, viewer: visible.viewer };
}

/** `GET /api/v1/skills/{skill_id}`. */
export const getSkillRoute: Route<"get-skill", SkillsContext> = {
  auth: "api",
  async handler(input, context) {
    const { row, viewer } = await findSkill(context, principalOf(input), input.params.skill_id);
    const [json] = await showSkills(context.store.db, [row], viewer);
    return { status: 200, body: json };
  },
};

/** `DELETE /api/v1/skills/{skill_id}`: a manual Skill; an App's goes with its uninstall, a tool server's with it. */
export const deleteSkillRoute: Route<"delete-skill", SkillsContext> = {
  auth: "api",
  async handler(input, context) {
    authorizeAppManagement(principalOf(input));
    const { row } = await findSkill(context, principalOf(input), input.params.skill_id);
    if (row.installation_id !== null) {
      throw new ServiceError(
        "conflict",
        `Skill ${row.id} belongs to installation ${row.installation_id}; uninstall it instead.`,
      );
    }
    if (row.origin === "tool_server") {
      throw new ServiceError("conflict", `Skill ${row.id} is a tool server's; disconnect the tool server instead.`);
    }
    authorizeSkillProject(principalOf(input), row);
    await withSkillTables(context.store.db).deleteFrom("skills").where("id", "=", row.id).execute();
    return { status: 204 };
  },
};

/** The Skill and built-in tool routes. */
export const SKILL_ROUTES = {
  "list-tools": listToolsRoute,
  "create-skill": createSkillRoute,
  "list-skills": listSkillsRoute,
  "get-skill": getSkillRoute,
  "delete-skill": deleteSkillRoute,
} satisfies FeatureRoutes<SkillsContext>;
