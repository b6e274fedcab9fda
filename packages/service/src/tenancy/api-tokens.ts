import type { ApiToken } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { generateApiToken } from "../auth/generate-token.ts";
import { hashToken } from "../auth/hash-token.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { ApiTokenRow, Database } from "../store/index.ts";
import { isStorableId } from "../store/index.ts";

/** What a new token is scoped to: one project or one workflow (D16). */
export type TokenTarget = { readonly projectId: number } | { readonly workflowId: number };

/** Renders a token record; the secret itself only when it was just created. */
export function toApiTokenJson(row: ApiTokenRow, token?: string): ApiToken {
  return {
    id: row.id,
    name: row.name,
    organization_id: row.organization_id,
    scope: row.workflow_id !== null ? "workflow" : "project",
    project_id: row.workflow_id !== null ? null : row.project_id,
    workflow_id: row.workflow_id,
    created_at: row.created_at,
    ...(token === undefined ? {} : { token }),
  };
}

/** Issues an API token for a project or a workflow; the organization is the target's. 404 for an unknown target. */
export async function issueApiToken(
  db: Kysely<Database>,
  input: { target: TokenTarget; name?: string | undefined },
  now: Date,
): Promise<ApiToken & { token: string }> {
  const { target } = input;
  const owner =
    "projectId" in target
      ? await findOwner(db, "projects", target.projectId)
      : await findOwner(db, "workflows", target.workflowId);
  const token = generateApiToken();
  const row = await db
    .insertInto("api_tokens")
    .values({
      organization_id: owner.organization_id,
      project_id: "projectId" in target ? target.projectId : null,
      workflow_id: "workflowId" in target ? target.workflowId : null,
      name: input.name ?? ("projectId" in target ? `project ${target.projectId}` : `workflow ${target.workflowId}`),
      token_hash: hashToken(token),
      created_at: now.toISOString(),
      revoked_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...toApiTokenJson(row), token };
}

async function findOwner(db: Kysely<Database>, table: "projects" | "workflows", id: number) {
  const row = isStorableId(id)
    ? await db.selectFrom(table).select("organization_id").where("id", "=", id).executeTakeFirst()
    : undefined;
  if (row === undefined)
    throw new ServiceError("not_found", `No ${table === "projects" ? "project" : "workflow"} ${id}.`);
  return row;
}

/** Revokes a token; revoked tokens answer 401 from then on. 404 for an unknown or already revoked token. */
export async function revokeApiToken(db: Kysely<Database>, id: number, now: Date): Promise<void> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: now.toISOString() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new ServiceError("not_found", `No active API token ${id}.`);
}
