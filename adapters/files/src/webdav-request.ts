import { AdapterHttpError, OUTBOUND_UNREACHABLE } from "@adapterkit/sdk";
import { isUrlWithin } from "./source-path.ts";
import type { WebdavSettings } from "./webdav-settings.ts";

/** One request to the WebDAV server. */
export interface WebdavRequest {
  method: "PROPFIND" | "GET";
  /** A source path (`/docs/a.md`), relative to the base URL. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Default 8 s, inside the service's 10 s budget (D11); a file download may take longer. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 8_000;

/** The URL of a source path under the base URL, each segment percent-encoded. */
export function urlOf(settings: WebdavSettings, path: string): URL {
  const encoded = path.split("/").filter(Boolean).map(encodeURIComponent).join("/");
  return new URL(encoded, settings.baseUrl);
}

/**
 * Sends an authenticated request to the WebDAV server through the handler's outbound path. A path whose URL would
 * resolve outside the base URL is 400 and is never sent. A transport failure, a time-out or the guard's refusal is
 * one D8 error, {@link toTransportError}.
 */
export async function webdavRequest(settings: WebdavSettings, request: WebdavRequest): Promise<Response> {
  const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const url = urlOf(settings, request.path);
  // The handlers check their paths first; this is the last line, for any path that slipped past them.
  if (!isUrlWithin(url, settings.baseUrl)) {
    throw new AdapterHttpError("invalid_request", `${request.path} resolves outside base_url; it is not requested`);
  }
  try {
    return await settings.context.outbound.fetch(url, {
      method: request.method,
      headers: { authorization: settings.authorization, ...request.headers },
      signal,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  } catch (error) {
    // The outbound path has logged the cause.
    throw toTransportError(error);
  }
}

/** The D8 error for a WebDAV answer other than the expected one; 401/403 say the credentials were refused. */
export function toWebdavError(
  response: { readonly status: number; readonly headers: { get(name: string): string | null } },
  path: string,
): AdapterHttpError {
  const { status } = response;
  if (status === 401 || status === 403) {
    return new AdapterHttpError("platform_error", `${CREDENTIALS_REFUSED} (${status})`);
  }
  if (status === 404) return new AdapterHttpError("not_found", `Nothing exists at ${path} on the WebDAV server (404)`);
  if (status === 429) {
    const header = response.headers.get("retry-after");
    const retryAfter = header === null ? Number.NaN : Number(header);
    const options = Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfter } : {};
    return new AdapterHttpError("rate_limited", "The WebDAV server asks to slow down (429)", options);
  }
  return new AdapterHttpError("platform_error", `The WebDAV server answered ${status} for ${path}`);
}

const CREDENTIALS_REFUSED = "WebDAV server refused the credentials";

/** Whether a D8 error is the server's 401 or 403: the one answer verify reports as it is. */
export function isCredentialRefusal(error: AdapterHttpError): boolean {
  return error.message.startsWith(CREDENTIALS_REFUSED);
}

/**
 * The D8 error of a request that failed before its answer: 502 in one sentence whether it was refused, timed out or
 * stopped by the outbound guard, so that base_url cannot map a network (architecture.md#a18); the cause stays in the
 * log.
 */
export function toTransportError(reason: unknown): AdapterHttpError {
  return new AdapterHttpError("platform_error", OUTBOUND_UNREACHABLE, { cause: reason });
}
