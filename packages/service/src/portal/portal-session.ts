import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { authorizeAppManagement } from "../apps/authorize-app-management.ts";
import { authenticateApiToken } from "../auth/authenticate-api-token.ts";
import type { Principal } from "../auth/principal.ts";
import type { Database } from "../store/index.ts";
import { withPortalTables } from "./portal-tables.ts";

/** How long a portal session lasts after sign-in. */
export const SESSION_TTL_MS = 12 * 60 * 60_000;

/** The cookie that carries the session id. */
export const SESSION_COOKIE = "adapterkit_portal";

/** A signed-in browser: who it acts as, and the CSRF token its forms carry. */
export interface PortalSession {
  readonly principal: Principal;
  readonly csrfToken: string;
  readonly idSha256: string;
}

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

// D232: the CSRF token is an HMAC of the session's own random id, so it is per session, never stored, and useless
// without the cookie (which scripts cannot read).
function csrfOf(sessionId: string): string {
  return createHmac("sha256", sessionId).update("adapterkit-portal-csrf").digest("base64url");
}

/**
 * Opens a session for a valid project-scoped API token: the cookie value and its session. A 401 ServiceError for a
 * token that is not valid, a 403 for a workflow-scoped one (D353: the portal manages Apps, which it cannot).
 */
export async function openSession(
  db: Kysely<Database>,
  token: string,
  now: Date,
): Promise<{ cookieValue: string; session: PortalSession }> {
  const principal = await authenticateApiToken(db, `Bearer ${token}`);
  authorizeAppManagement(principal);
  const id = randomBytes(32).toString("base64url");
  const portal = withPortalTables(db);
  await portal.deleteFrom("portal_sessions").where("expires_at", "<", now.toISOString()).execute();
  await portal
    .insertInto("portal_sessions")
    .values({
      id_sha256: sha256(id),
      token_id: principal.tokenId,
      organization_id: principal.organizationId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(),
    })
    .execute();
  return { cookieValue: id, session: { principal, csrfToken: csrfOf(id), idSha256: sha256(id) } };
}

/** The live session behind a cookie value, or undefined (unknown, expired, or its token revoked). */
export async function findSession(
  db: Kysely<Database>,
  cookieValue: string | undefined,
  now: Date,
): Promise<PortalSession | undefined> {
  if (cookieValue === undefined || !/^[A-Za-z0-9_-]{43}$/.test(cookieValue)) return undefined;
  const idSha256 = sha256(cookieValue);
  const row = await withPortalTables(db)
    .selectFrom("portal_sessions")
    .innerJoin("api_tokens", "api_tokens.id", "portal_sessions.token_id")
    .select(["api_tokens.id as token_id", "api_tokens.revoked_at", "portal_sessions.expires_at"])
    .select(["api_tokens.organization_id", "api_tokens.project_id", "api_tokens.workflow_id"])
    .where("portal_sessions.id_sha256", "=", idSha256)
    .executeTakeFirst();
  if (row === undefined || row.revoked_at !== null || row.expires_at <= now.toISOString()) return undefined;
  // The token's scope, as authenticateApiToken reads it (a token with neither is no valid token).
  let scope: Principal["scope"];
  if (row.workflow_id !== null) scope = { type: "workflow", workflowId: row.workflow_id };
  else if (row.project_id !== null) scope = { type: "project", projectId: row.project_id };
  else return undefined;
  const principal: Principal = { tokenId: row.token_id, organizationId: row.organization_id, scope };
  return { principal, csrfToken: csrfOf(cookieValue), idSha256 };
}

/** Ends a session. */
export async function closeSession(db: Kysely<Database>, session: PortalSession): Promise<void> {
  await withPortalTables(db).deleteFrom("portal_sessions").where("id_sha256", "=", session.idSha256).execute();
}

/** Whether a submitted CSRF token is this session's, compared in constant time. */
export function isCsrfValid(session: PortalSession, submitted: string | undefined): boolean {
  if (submitted === undefined) return false;
  const expected = createHash("sha256").update(session.csrfToken).digest();
  const given = createHash("sha256").update(submitted).digest();
  return timingSafeEqual(expected, given);
}
