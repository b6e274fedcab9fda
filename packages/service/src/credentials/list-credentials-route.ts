import { projectOfPrincipal } from "../auth/project-of-principal.ts";
import { principalOf, type Route } from "../http/route.ts";
import type { CredentialsContext } from "./credentials-context.ts";
import { listCredentialSummaries } from "./list-credential-summaries.ts";

/** `GET /api/v1/credentials` (A5, A17): the token's project's records, field names and dates, never a value. */
export const listCredentialsRoute: Route<"list-credentials", CredentialsContext> = {
  auth: "api",
  async handler(input, context) {
    const principal = principalOf(input);
    const scope = { organizationId: principal.organizationId, projectId: await projectOfPrincipal(context, principal) };
    return { status: 200, body: { items: await listCredentialSummaries(context.store.db, scope) } };
  },
};
