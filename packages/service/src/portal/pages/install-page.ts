import type { CredentialDefinition, ProblemIssue } from "@adapterkit/contract";
import { getVisibleApp } from "../../apps/find-app.ts";
import { publisherLabel, publisherNames } from "../../apps/publisher-names.ts";
import { showApp } from "../../apps/show-app.ts";
import type { Principal } from "../../auth/principal.ts";
import { managedCredentialScope } from "../../credentials/credential-scope.ts";
import { findCredentialRows } from "../../credentials/read-credentials.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { installApp } from "../../installations/install-app.ts";
import { startAuthorization } from "../../oauth/start-authorization.ts";
import type { ServiceContext } from "../../service-context.ts";
import { credentialFieldsOf, readCredentialForm } from "../credential-form.ts";
import { type PortalAnswer, type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { installationPath } from "./installation-paths.ts";
import { toListing } from "./marketplace-page.ts";

/**
 * A5: the stored records an install of this App would use for the keys left blank: only its publisher's, in the
 * token's project, so the person installing sees what is reused before it is.
 */
async function storedForInstall(
  context: ServiceContext,
  principal: Principal,
  app: { readonly organization_id: number },
  definitions: readonly CredentialDefinition[],
) {
  if (principal.scope.type !== "project") return [];
  const scope = managedCredentialScope(principal, app);
  const rows = await findCredentialRows(
    context.store.db,
    scope,
    definitions.map((definition) => definition.key),
  );
  return rows.map((stored) => ({
    label: definitions.find((definition) => definition.key === stored.key)?.label ?? stored.key,
    key: stored.key,
    updatedAt: stored.updated_at,
  }));
}

async function installPage(
  context: ServiceContext,
  principal: Principal,
  slug: string,
  failure?: { error: string; issues?: readonly ProblemIssue[] | undefined; status: number },
): Promise<PortalAnswer> {
  const row = await getVisibleApp(context.store.db, principal, slug);
  const app = await showApp(context, principal, row);
  const definitions = app.manifest.credentials ?? [];
  const oauth = definitions.some((definition) => definition.type === "oauth2");
  // D351: Connect's answer sends the browser on to the provider, which the page's form-action must allow.
  const authorizeUrl = oauth ? app.manifest.oauth_config?.authorize_url : undefined;
  const [reused, publishers] = await Promise.all([
    storedForInstall(context, principal, row, definitions),
    publisherNames(context.store.db, [row.organization_id]),
  ]);
  const target =
    authorizeUrl !== undefined && /^https?:\/\//i.test(authorizeUrl) ? new URL(authorizeUrl).origin : undefined;
  return {
    kind: "page",
    status: failure?.status ?? 200,
    page: "install",
    frame: { title: `Install ${app.manifest.name}`, section: "marketplace" },
    data: {
      app: toListing(app, publisherLabel(publishers, row.organization_id, principal.organizationId)),
      oauth,
      fields: credentialFieldsOf(definitions, failure?.issues, new Set(reused.map((stored) => stored.key))),
      reused,
      error: failure?.error,
    },
    ...(target === undefined ? {} : { formTargets: [target] }),
  };
}

// A refusal the author can act on is shown on the install page; a missing App or a forbidden token is not.
function isShownOnPage(error: unknown): error is { code: string; message: string; errors?: ProblemIssue[] } {
  return isServiceError(error) && error.code !== "not_found" && error.code !== "forbidden";
}

/** `GET /marketplace/apps/:slug`: the App's listing with its install form (or Connect for OAuth Apps). */
export const installForm: PortalRoute = {
  method: "GET",
  pattern: "/marketplace/apps/:slug",
  signedIn: true,
  async handle(request, context) {
    return installPage(context, sessionOf(request).principal, request.params.slug ?? "");
  },
};

/** `POST /marketplace/apps/:slug/install`: the adapter's /verify first, then the installation (A4). */
export const install: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/apps/:slug/install",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const app = await showApp(context, principal, await getVisibleApp(context.store.db, principal, slug));
    try {
      const credentials = readCredentialForm(app.manifest.credentials ?? [], request.form);
      const installed = await installApp(context, principal, { app: slug, credentials });
      return redirect(`${installationPath(installed.id)}?installed=1`);
    } catch (error) {
      if (!isShownOnPage(error)) throw error;
      const status = error.code === "invalid_request" ? 400 : 422;
      return installPage(context, principal, slug, { error: error.message, issues: error.errors, status });
    }
  },
};

/** `POST /marketplace/apps/:slug/connect`: Connect for OAuth Apps, on to the provider's authorize page (A6). */
export const connect: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/apps/:slug/connect",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const slug = request.params.slug ?? "";
    const clientId = request.form.get("client_id") || undefined;
    const clientSecret = request.form.get("client_secret") || undefined;
    try {
      const started = await startAuthorization(context, principal, {
        app: slug,
        ...(clientId === undefined ? {} : { client_id: clientId }),
        ...(clientSecret === undefined ? {} : { client_secret: clientSecret }),
      });
      return redirect(started.authorize_url);
    } catch (error) {
      if (!isShownOnPage(error)) throw error;
      return installPage(context, principal, slug, { error: error.message, status: 400 });
    }
  },
};
