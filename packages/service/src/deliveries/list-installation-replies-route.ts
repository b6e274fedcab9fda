import { principalOf, type Route } from "../http/route.ts";
import { listInstallationReplies } from "./list-installation-replies.ts";
import type { RepliesContext } from "./replies-context.ts";

/** `GET /api/v1/installations/{installation_id}/replies?limit=&cursor=` (D510). */
export const listInstallationRepliesRoute: Route<"list-installation-replies", RepliesContext> = {
  auth: "api",
  async handler(input, context) {
    const id = input.params.installation_id ?? "";
    return {
      status: 200,
      body: await listInstallationReplies(context, principalOf(input), { id, query: input.query }),
    };
  },
};
