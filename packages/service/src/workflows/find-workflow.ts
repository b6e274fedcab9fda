import type { Kysely } from "kysely";
import { authorizeWorkflow } from "../auth/authorize-workflow.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database, WorkflowRow } from "../store/index.ts";
import { isStorableId } from "../store/index.ts";

/** A workflow by id, or undefined; ids that cannot exist skip the database. */
export async function findWorkflow(db: Kysely<Database>, id: number): Promise<WorkflowRow | undefined> {
  if (!isStorableId(id)) return undefined;
  return db.selectFrom("workflows").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A workflow the principal may reach, or the D13 404/403. */
export async function getAuthorizedWorkflow(
  db: Kysely<Database>,
  principal: Principal,
  id: number,
): Promise<WorkflowRow> {
  return authorizeWorkflow(principal, await findWorkflow(db, id), id);
}
