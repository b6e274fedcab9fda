import { listCredentialSummaries } from "../../credentials/list-credential-summaries.ts";
import { principalOf, type Route } from "../route.ts";

/** `GET /api/v1/credentials` (A5): field names and dates, never a value. */
export const listCredentialsRoute: Route<"list-credentials"> = {
  auth: "api",
  async handler(input, context) {
    return {
      status: 200,
      body: { items: await listCredentialSummaries(context.store.db, principalOf(input).organizationId) },
    };
  },
};
