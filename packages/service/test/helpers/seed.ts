import type { Stage } from "@adapterkit/contract";
import type { Store, WorkflowRow } from "../../src/store/index.ts";

/** Inserts an organization, a project and a workflow with these stages straight into a store. */
export async function seedWorkflow(
  store: Store,
  stages: Stage[] = [{ name: "echo", action: "echo" }],
): Promise<WorkflowRow> {
  const at = new Date().toISOString();
  const { db } = store;
  const name = `org-${Math.random().toString(36).slice(2)}`;
  const organization = await db
    .insertInto("organizations")
    .values({ name, created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto("projects")
    .values({ organization_id: organization.id, name: "p", created_at: at })
    .returning("id")
    .executeTakeFirstOrThrow();
  return db
    .insertInto("workflows")
    .values({
      organization_id: organization.id,
      project_id: project.id,
      name: "w",
      prompt_for_task_description: 0,
      stages: JSON.stringify(stages),
      callback_url: null,
      created_at: at,
      updated_at: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
