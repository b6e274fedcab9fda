import type { Principal } from "../auth/principal.ts";
import { ServiceError } from "../errors/service-error.ts";

/**
 * The organization whose callback secret a principal may read and rotate: its own, and only with a
 * project-scoped token. A workflow-scoped token is narrower than the secret, which signs the callbacks of every
 * workflow of the organization (with it one could forge them all), so it gets a 403.
 */
export function authorizeSecretAccess(principal: Principal): number {
  if (principal.scope.type !== "project") {
    throw new ServiceError(
      "forbidden",
      "A workflow-scoped token cannot read or rotate the organization's callback secret; use a project-scoped token.",
    );
  }
  return principal.organizationId;
}
