import type { Kysely } from "kysely";
import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";
import type { Database } from "../store/index.ts";
import type { AppRow } from "./app-tables.ts";
import { getOwnApp } from "./find-app.ts";

/**
 * The organization a principal manages Apps and installations for: its own, with a project-scoped token only. A
 * workflow-scoped token is narrower than an App, which serves every workflow of the organization (D119).
 */
export function authorizeAppManagement(principal: Principal): number {
  if (principal.scope.type !== "project") {
    throw new ServiceError(
      "forbidden",
      "A workflow-scoped token cannot register, change or install Apps; use a project-scoped token.",
    );
  }
  return principal.organizationId;
}

/**
 * D584: an App of the principal's organization is managed by the project that registered it only; another project
 * of the organization is refused 403 naming the one that manages it. An App registered before that was recorded
 * (`project_id` null) is managed by any project of the organization.
 */
export function authorizeAppProject(principal: Principal, app: AppRow): void {
  authorizeAppManagement(principal);
  if (app.project_id === null || principal.scope.type !== "project") return;
  if (principal.scope.projectId !== app.project_id) {
    throw new ServiceError(
      "forbidden",
      `App ${app.slug} is managed by the project that registered it (project ${app.project_id}); use a token of that project.`,
    );
  }
}

/** An App the principal manages: its organization's (404 otherwise), from the project that registered it (403). */
export async function getManagedApp(db: Kysely<Database>, principal: Principal, slug: string): Promise<AppRow> {
  authorizeAppManagement(principal);
  const app = await getOwnApp(db, principal, slug);
  authorizeAppProject(principal, app);
  return app;
}
