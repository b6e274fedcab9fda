import type { CredentialDefinition, Manifest, OAuthConfig } from "@adapterkit/contract";
import type { AppRow } from "../apps/app-tables.ts";
import { getAppVersion } from "../apps/find-app.ts";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";

/** An App version that connects an account with OAuth: its `oauth_config` and the oauth2 credential it fills. */
export interface OAuthApp {
  readonly config: OAuthConfig;
  readonly definition: CredentialDefinition;
}

/**
 * Reads an App version's OAuth set-up: 409 when it declares no `oauth_config` or no oauth2 credential; 400 naming
 * `credential_key` when the key is not one of its oauth2 credentials, or is needed to choose between several.
 */
export async function oauthAppOf(
  context: Pick<GroundContext, "store">,
  app: AppRow,
  version: number,
  credentialKey?: string,
): Promise<OAuthApp> {
  const manifest = JSON.parse((await getAppVersion(context.store.db, app.id, version)).manifest) as Manifest;
  const config = manifest.oauth_config;
  const oauth2 = (manifest.credentials ?? []).filter((definition) => definition.type === "oauth2");
  if (config === undefined || oauth2.length === 0) {
    throw new ServiceError("conflict", `App ${app.slug} declares no oauth_config with an oauth2 credential.`);
  }
  const invalid = (message: string) =>
    new ServiceError("invalid_request", `credential_key: ${message}`, {
      errors: [{ path: "/credential_key", message }],
    });
  if (credentialKey === undefined) {
    if (oauth2.length > 1) throw invalid(`required: App ${app.slug} has several oauth2 credentials`);
    return { config, definition: oauth2[0] as CredentialDefinition };
  }
  const definition = oauth2.find((candidate) => candidate.key === credentialKey);
  if (definition === undefined) throw invalid(`App ${app.slug} has no oauth2 credential ${credentialKey}`);
  return { config, definition };
}
