import type { Store } from "../store/index.ts";
import type { Principal } from "./principal.ts";

/** The project a token works in: a project token's own, a workflow token's workflow's (0, no project, if it is gone). */
export async function projectOfPrincipal(context: { readonly store: Store }, principal: Principal): Promise<number> {
  if (principal.scope.type === "project") return principal.scope.projectId;
  const workflow = await context.store.db
    .selectFrom("workflows")
    .select("project_id")
    .where("id", "=", principal.scope.workflowId)
    .executeTakeFirst();
  return workflow?.project_id ?? 0;
}
