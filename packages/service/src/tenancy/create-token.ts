import { type ApiToken, nameSchema } from "@adapterkit/contract";
import type { Kysely } from "kysely";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import { isStorableId } from "../store/index.ts";
import { issueApiToken } from "./api-tokens.ts";
import { ensureOrganization, ensureProject } from "./organizations.ts";

/** What `adapterkit-service token create` asks for: an organization by name and a project by name or a workflow by id. */
export type CreateTokenInput = {
  readonly organization: string;
  readonly name?: string | undefined;
} & (
  | { readonly project: string; readonly workflow?: undefined }
  | { readonly workflow: number; readonly project?: undefined }
);

/**
 * Creates an API token, creating the organization and project by name when they do not exist yet;
 * a workflow must already exist in that organization.
 *
 * @example await createToken(db, { organization: "acme", project: "default" }, new Date())
 */
export async function createToken(
  db: Kysely<Database>,
  input: CreateTokenInput,
  now: Date,
): Promise<ApiToken & { token: string }> {
  checkNames({ organization: input.organization, project: input.project, name: input.name });
  const organization = await ensureOrganization(db, input.organization, now);
  if (input.workflow !== undefined) {
    const workflow = isStorableId(input.workflow)
      ? await db
          .selectFrom("workflows")
          .select(["id", "organization_id"])
          .where("id", "=", input.workflow)
          .executeTakeFirst()
      : undefined;
    if (workflow === undefined || workflow.organization_id !== organization.id) {
      throw new ServiceError("not_found", `No workflow ${input.workflow} in organization "${input.organization}".`);
    }
    return issueApiToken(db, { target: { workflowId: workflow.id }, name: input.name }, now);
  }
  const project = await ensureProject(db, organization.id, input.project, now);
  return issueApiToken(db, { target: { projectId: project.id }, name: input.name }, now);
}

// The names this creates by name go through the same check as the API's (D108).
function checkNames(names: Record<string, string | undefined>): void {
  for (const [field, value] of Object.entries(names)) {
    if (value === undefined) continue;
    const checked = nameSchema.safeParse(value);
    if (checked.success) continue;
    const message = `${field}: ${checked.error.issues[0]?.message ?? "invalid"}`;
    throw new ServiceError("invalid_request", message, { errors: [{ path: `/${field}`, message }] });
  }
}
