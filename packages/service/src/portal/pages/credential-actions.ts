import type { Manifest } from "@adapterkit/contract";
import { getAppVersion } from "../../apps/find-app.ts";
import { isServiceError } from "../../errors/service-error.ts";
import { manageableInstallation } from "../../installations/installation-access.ts";
import {
  replaceInstallationCredentials,
  targetVersionOf,
} from "../../installations/replace-installation-credentials.ts";
import { installedApp } from "../../installations/show-installation.ts";
import { readCredentialForm } from "../credential-form.ts";
import { type PortalRoute, redirect, sessionOf } from "../portal-route.ts";
import { installationPage } from "./installation-page.ts";
import { installationPath } from "./installation-paths.ts";

/**
 * `POST /marketplace/installations/:id/credentials`: the API's change in place (D560), read from the form built from
 * the same manifest; a refusal is shown beside the field it names, and the stored credentials stay.
 */
export const replaceCredentials: PortalRoute = {
  method: "POST",
  pattern: "/marketplace/installations/:id/credentials",
  signedIn: true,
  async handle(request, context) {
    const { principal } = sessionOf(request);
    const row = await manageableInstallation(context, principal, request.params.id ?? "");
    const { app } = await installedApp(context, row);
    const version = targetVersionOf(row);
    const manifest = JSON.parse((await getAppVersion(context.store.db, app.id, version)).manifest) as Manifest;
    try {
      const credentials = readCredentialForm(manifest.credentials ?? [], request.form);
      const updated = await replaceInstallationCredentials(context, principal, row.id, credentials);
      const outcome = updated.app_version !== row.app_version ? `moved-${updated.app_version}` : "kept";
      return redirect(`${installationPath(row.id)}?credentials=${outcome}#credentials-heading`);
    } catch (error) {
      if (!isServiceError(error) || error.code === "not_found" || error.code === "forbidden") throw error;
      const status = error.code === "invalid_request" ? 400 : error.code === "conflict" ? 409 : 422;
      const extras = { credentialsError: error.message, credentialsIssues: error.errors };
      return installationPage(context, principal, { id: row.id, query: new URLSearchParams() }, extras, status);
    }
  },
};
