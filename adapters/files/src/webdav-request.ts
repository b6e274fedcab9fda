import { AdapterHttpError } from "@adapterkit/sdk";
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
 * Sends an authenticated request to the WebDAV server. A path whose URL would resolve outside the base URL is 400
 * and is never sent. A transport failure becomes a D8 error naming the server: 504 `platform_timeout` when it does
 * not answer in time, 502 `platform_error` when it cannot be reached.
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
    return await fetch(url, {
      method: request.method,
      headers: { authorization: settings.authorization, ...request.headers },
      signal,
      ...(request.body === undefined ? {} : { body: request.body }),
    });
  } catch (error) {
    throw toTransportError(url, error, timeout.aborted ? timeoutMs : undefined);
  }
}

/** The D8 error for a WebDAV answer other than the expected one; 401/403 say the credentials were refused. */
export function toWebdavError(
  response: { readonly status: number; readonly headers: { get(name: string): string | null } },
  path: string,
): AdapterHttpError {
  const { status } = response;
  if (status === 401 || status === 403) {
    return new AdapterHttpError("platform_error", `WebDAV server refused the credentials (${status})`);
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

/** The D8 error of a request that failed before its answer: 504 when `timeoutMs` ran out, else 502. */
export function toTransportError(url: URL, reason: unknown, timeoutMs: number | undefined): AdapterHttpError {
  if (timeoutMs !== undefined) {
    return new AdapterHttpError(
      "platform_timeout",
      `The WebDAV server at ${url.host} did not answer within ${timeoutMs / 1000} s`,
      { cause: reason },
    );
  }
  const message = `Could not reach the WebDAV server at ${url.host} (${reasonOf(reason)})`;
  return new AdapterHttpError("platform_error", message, { cause: reason });
}

/** A transport error's code (`ECONNREFUSED`, `ENOTFOUND`…); never its message, which may repeat the URL. */
function reasonOf(error: unknown): string {
  const code = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === "string" && /^[A-Z][A-Z0-9_]*$/.test(code) ? code : "request failed";
}
