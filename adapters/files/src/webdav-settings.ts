import { AdapterHttpError, type CredentialsOf, type HandlerContext } from "@adapterkit/sdk";
import type { manifest } from "./manifest.ts";

/** The credentials every files handler receives. */
export type FilesCredentials = CredentialsOf<typeof manifest>;

/** The WebDAV server to talk to, read from the credentials. */
export interface WebdavSettings {
  /** The base URL, always ending in `/`. */
  baseUrl: URL;
  /** The base URL's path without its trailing slash (`""` at the server root), decoded. */
  basePath: string;
  /** The `Authorization` header value (HTTP Basic). */
  authorization: string;
  username: string;
  /**
   * The handler's outbound path (architecture.md#a18) and log: base_url is tenant data, so every request goes through
   * it.
   */
  context: WebdavContext;
}

/** What of a handler's context the WebDAV requests use. */
export interface WebdavContext {
  readonly outbound: HandlerContext["outbound"];
  readonly log: Pick<HandlerContext["log"], "warn">;
}

/**
 * Reads the server settings from the credentials. A `base_url` that is not an http(s) URL, or that carries a user
 * name or password (`https://bob:pw@host/`; they belong in `username` and `password`), is 400 naming it. No
 * message ever repeats `base_url`: it may hold a secret.
 */
export function readWebdavSettings(credentials: FilesCredentials, context: WebdavContext): WebdavSettings {
  const { baseUrl, basePath } = parseBaseUrl(credentials.base_url);
  const token = Buffer.from(`${credentials.username}:${credentials.password}`, "utf8").toString("base64");
  return { baseUrl, basePath, authorization: `Basic ${token}`, username: credentials.username, context };
}

// Every request carries its credentials, and a sync sends the same base_url thousands of times: its parse is kept
// (D302). Only the URL is kept, never a user name or password; a base_url that is refused is parsed again each time.
const parsedBaseUrls = new Map<string, Pick<WebdavSettings, "baseUrl" | "basePath">>();
const PARSED_BASE_URLS_KEPT = 256;

function parseBaseUrl(text: string): Pick<WebdavSettings, "baseUrl" | "basePath"> {
  const kept = parsedBaseUrls.get(text);
  if (kept !== undefined) return kept;
  let baseUrl: URL;
  try {
    baseUrl = new URL(text.trim());
  } catch {
    throw invalidBaseUrl("expected an http or https URL such as https://cloud.example.com/dav/");
  }
  if (baseUrl.protocol !== "http:" && baseUrl.protocol !== "https:") {
    throw invalidBaseUrl(`expected an http or https URL, got ${baseUrl.protocol}`);
  }
  if (baseUrl.username !== "" || baseUrl.password !== "") {
    throw invalidBaseUrl("expected a URL without a user name or password in it; put them in username and password");
  }
  baseUrl.search = "";
  baseUrl.hash = "";
  if (!baseUrl.pathname.endsWith("/")) baseUrl.pathname += "/";
  const parsed = { baseUrl, basePath: decodePath(baseUrl.pathname).replace(/\/+$/, "") };
  if (parsedBaseUrls.size >= PARSED_BASE_URLS_KEPT) parsedBaseUrls.clear();
  parsedBaseUrls.set(text, parsed);
  return parsed;
}

/** Decodes each percent-encoded segment of a URL path; a malformed escape is kept as it is. */
export function decodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

function invalidBaseUrl(message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", `credentials.base_url: ${message}`, {
    issues: [{ path: "/credentials/base_url", message }],
  });
}
