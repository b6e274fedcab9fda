import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";

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
