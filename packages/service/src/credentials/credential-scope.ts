import type { TokenScope } from "../auth/principal.ts";

/** The service itself, as the publisher of its own Skills' credentials. */
export const SERVICE_PUBLISHER = 0;

/** An organization-wide record, of an installation made without a project (before A17). */
export const ORGANIZATION_WIDE = 0;

/**
 * Which credential records a call may use (A5): the organization's, for one publisher's Apps, in one project.
 * Two Apps share a record only when all three and the key are the same.
 */
export interface CredentialScope {
  readonly organizationId: number;
  readonly publisherId: number;
  readonly projectId: number;
}

/** One credential record: a scope and a manifest key. */
export interface CredentialAddress extends CredentialScope {
  readonly key: string;
}

/** The scope of an installation's credentials: its organization, its App's publisher, its project. */
export function installationCredentialScope(
  installation: { readonly organization_id: number; readonly project_id: number | null },
  app: { readonly organization_id: number },
): CredentialScope {
  return {
    organizationId: installation.organization_id,
    publisherId: app.organization_id,
    projectId: installation.project_id ?? ORGANIZATION_WIDE,
  };
}

/** The scope a project token installs into: its organization and project, for one App's publisher. */
export function managedCredentialScope(
  principal: { readonly organizationId: number; readonly scope: TokenScope },
  app: { readonly organization_id: number },
): CredentialScope {
  if (principal.scope.type !== "project") throw new Error("a project-scoped token manages credentials");
  return {
    organizationId: principal.organizationId,
    publisherId: app.organization_id,
    projectId: principal.scope.projectId,
  };
}
