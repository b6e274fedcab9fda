import * as oauth from "oauth4webapi";
import { fetch as undiciFetch } from "undici";
import type { GroundContext } from "../context/ground-context.ts";
import { ServiceError } from "../errors/service-error.ts";

/** How long one token-endpoint request may take. */
export const TOKEN_REQUEST_TIMEOUT_MS = 10_000;

/** The oauth4webapi view of an App's authorization server, and the options every token request carries. */
export interface AuthorizationServer {
  readonly as: oauth.AuthorizationServer;
  readonly options: oauth.TokenEndpointRequestOptions;
}

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function checked(context: Pick<GroundContext, "outbound">, field: string, text: string): URL {
  const result = context.outbound.checkUrl(text);
  if (!result.ok) throw new ServiceError("conflict", `The App's oauth_config.${field} is refused: ${result.reason}.`);
  // A client secret and tokens never cross the network in clear; plain http is for local stand-ins only (D130).
  if (result.url.protocol === "http:" && !LOOPBACK.test(result.url.host.replace(/:\d+$/, ""))) {
    throw new ServiceError("conflict", `The App's oauth_config.${field} must be https (http only for loopback hosts).`);
  }
  return result.url;
}

/**
 * The App's authorization server from its manifest's URLs, each checked by the outbound guard (A15); every token
 * request goes through the guard's dispatcher, follows no redirect and gives up after 10 s.
 */
export function authorizationServerOf(
  context: Pick<GroundContext, "outbound">,
  urls: { readonly token_url: string; readonly authorize_url?: string | undefined },
): AuthorizationServer {
  const token = checked(context, "token_url", urls.token_url);
  const authorize =
    urls.authorize_url === undefined ? undefined : checked(context, "authorize_url", urls.authorize_url);
  const dispatcher = context.outbound.dispatcher;
  return {
    as: {
      issuer: token.origin,
      token_endpoint: token.href,
      ...(authorize === undefined ? {} : { authorization_endpoint: authorize.href }),
    },
    options: {
      [oauth.customFetch]: (url, init) => undiciFetch(url, { ...init, dispatcher }) as unknown as Promise<Response>,
      [oauth.allowInsecureRequests]: token.protocol === "http:",
      signal: () => AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS),
    },
  };
}

/** What went wrong at a token endpoint: the server's OAuth error (`invalid_grant`…), a time-out, or a failure. */
export type TokenFailure =
  | { readonly kind: "refused"; readonly error: string; readonly description: string | undefined }
  | { readonly kind: "timeout" }
  | { readonly kind: "failed"; readonly message: string };

/** Classifies an oauth4webapi or network error; messages never carry a token (they come from the library). */
export function toTokenFailure(error: unknown): TokenFailure {
  if (error instanceof oauth.ResponseBodyError) {
    return { kind: "refused", error: error.error, description: error.error_description };
  }
  const name = (error as { name?: unknown }).name;
  if (name === "TimeoutError" || name === "AbortError") return { kind: "timeout" };
  const cause = (error as { cause?: { message?: unknown } }).cause;
  const detail = typeof cause?.message === "string" ? `: ${cause.message}` : "";
  return { kind: "failed", message: `${(error as Error).message ?? String(error)}${detail}` };
}

/** The problem a token-endpoint failure becomes when the caller cannot be blamed: 502, or 504 on a time-out. */
export function tokenFailureProblem(where: string, failure: TokenFailure): ServiceError {
  if (failure.kind === "timeout") {
    return new ServiceError("adapter_timeout", `${where} did not answer within ${TOKEN_REQUEST_TIMEOUT_MS} ms.`);
  }
  const why = failure.kind === "refused" ? `${failure.error} ${failure.description ?? ""}`.trim() : failure.message;
  return new ServiceError("adapter_failed", `${where} failed: ${why}`);
}
