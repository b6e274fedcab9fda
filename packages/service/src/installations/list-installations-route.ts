import { projectOfPrincipal } from "../auth/project-of-principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import { principalOf, type Route } from "../http/route.ts";
import { listInstallations } from "./installation-store.ts";
import type { InstallationsContext } from "./installations-context.ts";
import { showInstallation } from "./show-installation.ts";

/** `GET /api/v1/installations[?include_uninstalled=true]`: the token's project's and the organization-wide ones (A17). */
export const listInstallationsRoute: Route<"list-installations", InstallationsContext> = {
  auth: "api",
  async handler(input, context) {
    const flag = input.query.get("include_uninstalled") ?? "false";
    if (flag !== "true" && flag !== "false") {
      throw new ServiceError("invalid_request", "include_uninstalled: expected true or false", {
        errors: [{ path: "include_uninstalled", message: "expected true or false" }],
      });
    }
    const principal = principalOf(input);
    const rows = await listInstallations(context.store.db, principal.organizationId, {
      includeUninstalled: flag === "true",
      projectId: await projectOfPrincipal(context, principal),
    });
    return { status: 200, body: { items: await Promise.all(rows.map((row) => showInstallation(context, row))) } };
  },
};
