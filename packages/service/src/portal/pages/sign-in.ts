import { isServiceError } from "../../errors/service-error.ts";
import { type PortalAnswer, type PortalRequest, type PortalRoute, page, redirect, sessionOf } from "../portal-route.ts";
import { closeSession, openSession, SESSION_COOKIE, SESSION_TTL_MS } from "../portal-session.ts";

// Only a portal path is a place to go back to after sign-in (no open redirect).
function nextOf(value: string | null | undefined): string {
  return value !== null && value !== undefined && /^\/(developer|marketplace)(\/[A-Za-z0-9/_.-]*)?$/.test(value)
    ? value
    : "/developer/apps";
}

function cookie(request: PortalRequest, value: string, maxAgeSeconds: number): string {
  const secure = request.secure ? "; Secure" : "";
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`;
}

function tooManyFailures(retryAfterSeconds: number): PortalAnswer {
  const heading = "Too many failed sign-ins";
  const message = `Too many failed sign-ins from this address; try again in ${retryAfterSeconds} s.`;
  return {
    kind: "page",
    status: 429,
    page: "error",
    frame: { title: heading },
    data: { heading, message, back: "/developer/sign-in", backLabel: "Back to sign-in" },
    headers: { "Retry-After": String(retryAfterSeconds) },
  };
}

/** `GET /developer/sign-in`. */
export const signInPage: PortalRoute = {
  method: "GET",
  pattern: "/developer/sign-in",
  signedIn: false,
  async handle(request) {
    return page("signIn", { title: "Sign in" }, { next: nextOf(request.query.get("next")) });
  },
};

/** `POST /developer/sign-in`: an API token → a session cookie. */
export const signIn: PortalRoute = {
  method: "POST",
  pattern: "/developer/sign-in",
  signedIn: false,
  async handle(request, context) {
    const next = nextOf(request.form.get("next"));
    const token = (request.form.get("token") ?? "").trim();
    if (token === "") return page("signIn", { title: "Sign in" }, { next, error: "Enter an API token." }, 400);
    // D292: a client whose failures used up its allowance is refused before its token is looked at.
    const allowed = context.signInFailures.peek(request.client);
    if (!allowed.ok) return tooManyFailures(allowed.retryAfterSeconds);
    try {
      const { cookieValue } = await openSession(context.store.db, token, context.now());
      return redirect(next, cookie(request, cookieValue, SESSION_TTL_MS / 1000));
    } catch (error) {
      if (isServiceError(error) && error.code === "forbidden") {
        const message =
          "This token is scoped to one workflow. The portal manages Apps: sign in with a project-scoped token.";
        return page("signIn", { title: "Sign in" }, { next, error: message }, 403);
      }
      if (!isServiceError(error) || error.code !== "unauthorized") throw error;
      context.signInFailures.take(request.client);
      const message = "This token is not valid or has been revoked.";
      return page("signIn", { title: "Sign in" }, { next, error: message }, 401);
    }
  },
};

/** `POST /developer/sign-out`. */
export const signOut: PortalRoute = {
  method: "POST",
  pattern: "/developer/sign-out",
  signedIn: true,
  async handle(request, context) {
    await closeSession(context.store.db, sessionOf(request));
    return redirect("/developer/sign-in", cookie(request, "", 0));
  },
};
