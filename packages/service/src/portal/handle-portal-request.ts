import type { IncomingMessage, ServerResponse } from "node:http";
import { SERVICE_ERROR_STATUS } from "@adapterkit/contract";
import { isServiceError } from "../errors/service-error.ts";
import { isHttpsRequest } from "../http/trusted-proxies.ts";
import type { ServiceContext } from "../service-context.ts";
import { matchPortalPath } from "./match-portal-path.ts";
import { errorPage } from "./pages/error-page.ts";
import type { PortalAnswer, PortalRequest } from "./portal-route.ts";
import { PORTAL_ROUTES } from "./portal-routes.ts";
import { findSession, isCsrfValid, type PortalSession, SESSION_COOKIE } from "./portal-session.ts";
import { FormError, readForm } from "./read-form.ts";
import { renderPage } from "./render-page.ts";

/** Whether a path belongs to the portal (D230: pages beside the public API, not in its endpoint table). */
export function isPortalPath(pathname: string): boolean {
  return /^\/(developer|marketplace)(\/|$)/.test(pathname);
}

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}

// D233: a browser names the page a form came from; one from another site is refused (the sign-in form too,
// which has no session to carry a CSRF token yet). Clients that send no Origin rely on the CSRF token alone.
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

const BASE_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  // D256: not no-referrer, under which a browser sends `Origin: null` on its own form posts and D233 refuses them.
  "Referrer-Policy": "same-origin",
  "Cross-Origin-Opener-Policy": "same-origin",
};

// D234: scripts are refused on every page but a running review's, whose one nonce'd script polls the page (D241).
// D351: forms post to the portal only, but for the origins a page names (a browser holds the redirects a form's
// answer makes to form-action too, and Connect's answer is a redirect to the OAuth provider).
function contentSecurityPolicy(nonce: string | undefined, formTargets: readonly string[] = []): string {
  const script = nonce === undefined ? "script-src 'none'" : `script-src 'nonce-${nonce}'; connect-src 'self'`;
  const forms = ["'self'", ...formTargets].join(" ");
  return `default-src 'none'; style-src 'self'; img-src 'self'; ${script}; form-action ${forms}; base-uri 'none'; frame-ancestors 'none'`;
}

/**
 * A portal notice (a heading, a sentence and a link on) for a public-API route a browser lands on, such as the OAuth
 * callback (D258): its HTML and the portal's security headers.
 */
export function renderNotice(notice: { heading: string; message: string; back: string; backLabel: string }): {
  html: string;
  headers: Record<string, string>;
} {
  const { html } = renderPage("error", { title: notice.heading }, notice);
  const headers = {
    ...BASE_HEADERS,
    "Content-Security-Policy": contentSecurityPolicy(undefined),
    "Cache-Control": "no-store",
  };
  return { html, headers };
}

function send(res: ServerResponse, answer: PortalAnswer, frame: { csrf: string | undefined; now: Date }): void {
  const { csrf, now } = frame;
  if (answer.kind === "redirect") {
    const headers: Record<string, string> = {
      ...BASE_HEADERS,
      "Content-Security-Policy": contentSecurityPolicy(undefined),
      Location: answer.location,
      "Cache-Control": "no-store",
    };
    if (answer.setCookie !== undefined) headers["Set-Cookie"] = answer.setCookie;
    res.writeHead(303, headers).end();
    return;
  }
  if (answer.kind === "file") {
    const headers = { ...BASE_HEADERS, "Content-Security-Policy": contentSecurityPolicy(undefined), ...answer.headers };
    res.writeHead(answer.status, { ...headers, "Content-Type": answer.contentType }).end(answer.body);
    return;
  }
  const { html, nonce } = renderPage(answer.page, { ...answer.frame, csrf, now }, answer.data);
  res
    .writeHead(answer.status, {
      ...BASE_HEADERS,
      "Content-Security-Policy": contentSecurityPolicy(nonce, answer.formTargets),
      "Cache-Control": "no-store",
      "Content-Type": "text/html; charset=utf-8",
      "Content-Length": String(Buffer.byteLength(html)),
      ...answer.headers,
    })
    .end(html);
}

function findRoute(method: string, path: string) {
  for (const route of PORTAL_ROUTES) {
    const params = matchPortalPath(route.pattern, path);
    if (params !== undefined && route.method === method) return { route, params };
  }
  return undefined;
}

// A POST's form, or the page that refuses it: from another site, unreadable, or without this session's CSRF token.
async function readPost(
  req: IncomingMessage,
  signedIn: boolean,
  session: PortalSession | undefined,
): Promise<{ form: ReadonlyMap<string, string> } | { refused: PortalAnswer }> {
  if (!isSameOrigin(req)) {
    req.resume();
    return { refused: errorPage(403, "Form refused", "The form was sent from another site; nothing was changed.") };
  }
  let form: ReadonlyMap<string, string>;
  try {
    form = await readForm(req);
  } catch (error) {
    if (error instanceof FormError) return { refused: errorPage(400, "Unreadable form", error.message) };
    throw error;
  }
  // D233: every signed-in form carries the session's CSRF token, compared in constant time.
  if (signedIn && (session === undefined || !isCsrfValid(session, form.get("csrf")))) {
    const message = "The form's security token is missing or not this session's; nothing was changed.";
    return { refused: errorPage(403, "Form refused", message) };
  }
  return { form };
}

async function answer(
  context: ServiceContext,
  req: IncomingMessage,
  url: URL,
  session: PortalSession | undefined,
): Promise<PortalAnswer> {
  const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
  const found = findRoute(method, path);
  if (found === undefined || (found.route.signedIn && session === undefined) || method !== "POST") req.resume();
  if (found === undefined) return errorPage(404, "Page not found", "There is no portal page at this address.");
  if (found.route.signedIn && session === undefined) {
    if (method === "GET") return { kind: "redirect", location: `/developer/sign-in?next=${encodeURIComponent(path)}` };
    return errorPage(403, "Sign in first", "This form needs a signed-in session; nothing was changed.");
  }
  let form: ReadonlyMap<string, string> = new Map();
  if (method === "POST") {
    const post = await readPost(req, found.route.signedIn, session);
    if ("refused" in post) return post.refused;
    form = post.form;
  }
  const secure = isHttpsRequest(req, context.trustedProxies);
  const client = req.socket.remoteAddress ?? "unknown";
  const request: PortalRequest = { path, params: found.params, query: url.searchParams, form, session, secure, client };
  return found.route.handle(request, context);
}

/** Serves one portal request: the page, a redirect, or an error page; never a stack trace. */
export async function handlePortalRequest(
  context: ServiceContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  let session: PortalSession | undefined;
  let result: PortalAnswer;
  try {
    session = await findSession(context.store.db, cookieOf(req.headers.cookie, SESSION_COOKIE), context.now());
    result = await answer(context, req, url, session);
  } catch (error) {
    if (isServiceError(error)) {
      const status = SERVICE_ERROR_STATUS[error.code];
      result =
        status === 404
          ? errorPage(404, "Not found", error.message)
          : errorPage(status, status === 403 ? "Forbidden" : "Request refused", error.message);
    } else {
      context.logger.error({ err: error, path: url.pathname }, "portal page failed");
      result = errorPage(500, "Something went wrong", "The page could not be built; the service log has the details.");
    }
  } finally {
    // D386: a form may have changed what the inbound pipeline reads (front desk, triggers, an uninstall), as the
    // API's writes may; the next event reads it afresh.
    if (req.method === "POST") context.inboundCache.forget();
  }
  send(res, result, { csrf: session?.csrfToken, now: context.now() });
}
