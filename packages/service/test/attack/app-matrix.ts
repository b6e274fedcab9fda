import type { APP_ENDPOINTS, INSTALLATION_ENDPOINTS } from "@adapterkit/contract";
import { MATRIX_CREDENTIALS } from "./app-world.ts";
import { APP_TARGETS, type Caller, isOtherOrg, TARGETS, type Target, type World } from "./authorization-world.ts";
import { adminOnly, anyApiToken, type MatrixEntry, OWN, place, projectTokenOnly, unique } from "./matrix-entry.ts";

type AppEndpointId = (typeof APP_ENDPOINTS)[number]["id"] | (typeof INSTALLATION_ENDPOINTS)[number]["id"];

const noApiToken = (caller: Caller) => caller === "none" || caller === "admin";

/** D119: an App is read by any token of the organization; another organization's only once published (else 404). */
export const appRead = (ok: number) => (caller: Caller, target: Target) =>
  noApiToken(caller) ? 401 : target === "other-org" ? 404 : ok;

/**
 * D119: one of the organization's Apps is managed (refresh, submit, its signing secret) by a project token of any of
 * its projects (an App is the organization's); a workflow token is 403 whatever it names, another organization's
 * App 404, published or not.
 */
export const appManagement = (ok: number) => (caller: Caller, target: Target) =>
  noApiToken(caller) ? 401 : caller === "workflow" ? 403 : isOtherOrg(target) ? 404 : ok;

/** D584: the App's release and secret are the registering project's: another project of A is 403. */
export const appProjectManagement = (ok: number) => (caller: Caller, target: Target) => {
  const status = appManagement(ok)(caller, target);
  return status === ok && target === "other-project" ? 403 : status;
};

/** D338: an installation is read by the tokens of its project; another project's or organization's is 404. */
export const installationRead = (ok: number) => (caller: Caller, target: Target) =>
  noApiToken(caller) ? 401 : target === "other-org" || target === "other-project" ? 404 : ok;

/**
 * Changing an installation takes a project token (D119; a workflow token is 403 whatever it names); one the token
 * cannot read, of another project or organization, is 404 (D338).
 */
export const installationChange = (ok: number) => (caller: Caller, target: Target) => {
  if (noApiToken(caller)) return 401;
  if (caller === "workflow") return 403;
  return target === "other-org" || target === "other-project" ? 404 : ok;
};

export const app = (w: World, t: Target) => w.apps[t];
export const installation = (w: World, t: Target) => w.installations[t === "other-org-published" ? "other-org" : t];
/** The slugs of a list of Apps, or the ids of a list of installations. */
const itemsBy = (key: "slug" | "id") => (body: unknown) =>
  (body as { items: Record<string, string>[] }).items.map((item) => item[key] ?? "");

/**
 * The App routes (A1, A3–A5; D116–D124). Targets name the target's App (`world.apps`: own published, sibling and
 * other-project drafts of A, other-org a draft of B, other-org-published B's published App) or the target place's
 * installation (`world.installations`). Later App routes (OAuth, inbound, sources) follow the same pattern: pick
 * the resource with `app`/`installation`, the due status with one of the helpers above.
 */
export const APP_MATRIX: { readonly [K in AppEndpointId]: MatrixEntry } = {
  "preview-app": {
    targets: OWN,
    request: (w) => ({ path: "/api/v1/apps/preview", json: { base_url: w.appUrl(unique("matrix-preview")) } }),
    expect: projectTokenOnly(200),
  },
  "register-app": {
    targets: OWN,
    request: (w) => ({ path: "/api/v1/apps", json: { base_url: w.appUrl(unique("matrix-register")) } }),
    expect: projectTokenOnly(201),
  },
  // Other cells register Apps too, so the check is over the world's five: the organization's in any state and the
  // other organization's published one, never its draft.
  "list-apps": {
    targets: OWN,
    request: () => ({ path: "/api/v1/apps" }),
    expect: anyApiToken(200),
    visible: {
      ids: itemsBy("slug"),
      due: (w) => APP_TARGETS.filter((t) => t !== "other-org").map((t) => w.apps[t]),
      among: (w) => Object.values(w.apps),
    },
  },
  "get-app": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}` }),
    expect: appRead(200),
  },
  "refresh-app": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/refresh` }),
    expect: appManagement(200),
  },
  // The portal's Verify over the API: the author's organization only, as refresh; the credentials are the world's.
  "verify-app": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/verify`, json: { credentials: MATRIX_CREDENTIALS } }),
    expect: appManagement(200),
  },
  // D118: the instance's operator reviews any organization's App; a fresh one in review per cell.
  "review-app": {
    targets: ["own", "other-org"],
    request: async (w, t) => ({
      path: `/api/v1/admin/apps/${await w.freshApp(t, "in_review")}/review`,
      json: { passed: true },
    }),
    expect: adminOnly(200),
  },
  // A3: the secret signs every call to the App, so only its author's project tokens read or rotate it.
  "get-app-signing-secret": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/signing-secret` }),
    expect: appProjectManagement(200),
  },
  "rotate-app-signing-secret": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/signing-secret/rotate` }),
    expect: appProjectManagement(200),
  },
  // Installs the target's App; own and other-project name their place's project (other-project's is not the
  // token's: 403, as create-workflow), the rest are organization-wide. B's draft is 404, its published App 201.
  "create-installation": {
    targets: APP_TARGETS,
    request: (w, t) => ({
      path: "/api/v1/installations",
      json: {
        app: app(w, t),
        credentials: MATRIX_CREDENTIALS,
        ...(t === "own" || t === "other-project" ? { project_id: place(w, t).projectId } : {}),
      },
    }),
    expect: (caller, target) => {
      if (noApiToken(caller)) return 401;
      if (caller === "workflow" || target === "other-project") return 403;
      return target === "other-org" ? 404 : 201;
    },
  },
  // D338: both callers work in project main, so they see its two installations (own, and sibling's, which its
  // install put in the token's project), not the other project's.
  "list-installations": {
    targets: OWN,
    request: () => ({ path: "/api/v1/installations" }),
    expect: anyApiToken(200),
    visible: {
      ids: itemsBy("id"),
      due: (w) => [w.installations.own, w.installations.sibling],
      among: (w) => Object.values(w.installations),
    },
  },
  "get-installation": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}` }),
    expect: installationRead(200),
  },
  "update-installation": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}`, json: { front_desk: true } }),
    expect: installationChange(200),
  },
  // D560: an empty body re-verifies the stored credentials in place; the scope is the installation's, as the toggle's.
  "replace-installation-credentials": {
    targets: TARGETS,
    request: (w, t) => ({
      path: `/api/v1/installations/${installation(w, t)}/credentials`,
      json: { credentials: {} },
    }),
    expect: installationChange(200),
  },
  "delete-installation": {
    targets: TARGETS,
    request: async (w, t) => ({
      path: `/api/v1/installations/${await w.freshInstallation(t === "other-org-published" ? "other-org" : t)}`,
    }),
    expect: installationChange(200),
  },
  "list-credentials": {
    targets: OWN,
    request: () => ({ path: "/api/v1/credentials" }),
    expect: anyApiToken(200),
  },
};

/**
 * Cells where the service answers otherwise than due, left for the routes' owners to fix: the matrix test requires
 * exactly these cells to differ, so a fix (or a new deviation) fails it until this list is updated. None today.
 */
export const KNOWN_DEVIATIONS: Partial<Record<AppEndpointId, readonly string[]>> = {};
