import type { OAuthConfig } from "@adapterkit/contract";

/** The request-specific parameters of an authorization request. */
export interface AuthorizeParams {
  readonly client_id: string;
  readonly redirect_uri: string;
  readonly state: string;
  readonly code_challenge: string;
}

/**
 * The authorization request URL (RFC 6749 4.1.1, RFC 7636): the manifest's `extra_authorize_params` first, then
 * the protocol's own parameters over them (a manifest cannot replace the state or the PKCE challenge), scopes
 * joined by `scope_separator` (default a space).
 * @example buildAuthorizeUrl(manifest.oauth_config, { client_id, redirect_uri, state, code_challenge })
 */
export function buildAuthorizeUrl(config: OAuthConfig, params: AuthorizeParams): string {
  const url = new URL(config.authorize_url);
  for (const [name, value] of Object.entries(config.extra_authorize_params ?? {})) url.searchParams.set(name, value);
  url.searchParams.set("response_type", "code");
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set("code_challenge_method", "S256");
  const scopes = config.scopes ?? [];
  if (scopes.length > 0) url.searchParams.set("scope", scopes.join(config.scope_separator ?? " "));
  else url.searchParams.delete("scope");
  return url.href;
}
