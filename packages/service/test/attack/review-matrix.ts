import type { REVIEW_ENDPOINTS, UPGRADE_ENDPOINTS } from "@adapterkit/contract";
import { app, appManagement, appProjectManagement } from "./app-matrix.ts";
import { APP_TARGETS, type Caller, isOtherOrg, type Target } from "./authorization-world.ts";
import type { MatrixEntry } from "./matrix-entry.ts";

type ReviewEndpointId = (typeof REVIEW_ENDPOINTS | typeof UPGRADE_ENDPOINTS)[number]["id"];

/**
 * D119, D213: an App's reviews and fixtures are its author's: any token of the author's organization reads them, and
 * another organization gets 404 even for its published App (the report is the author's business).
 */
const authorRead = (ok: number) => (caller: Caller, target: Target) =>
  caller === "none" || caller === "admin" ? 401 : isOtherOrg(target) ? 404 : ok;

/** D450, D451: a release needs a published (or approved) version: the world's own App is published, A's others drafts. */
const releaseOf = (ok: number) => (caller: Caller, target: Target) => {
  const status = appProjectManagement(ok)(caller, target);
  return status === ok && target !== "own" ? 409 : status;
};

/** A2 review routes: a fresh draft per submit cell; the world's planted review of each target's App for reads. */
export const REVIEW_MATRIX: { readonly [K in ReviewEndpointId]: MatrixEntry } = {
  // A fresh draft per cell (the other organization's published App stays published: still 404 to A).
  "submit-app": {
    targets: APP_TARGETS,
    request: async (w, t) => ({
      path: `/api/v1/apps/${await w.freshApp(t, t === "other-org-published" ? "published" : "draft")}/submit`,
    }),
    expect: appManagement(202),
  },
  // Nothing approved anywhere: own's only version is published already, A's others are unreviewed drafts.
  "publish-app": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/publish` }),
    expect: appProjectManagement(409),
  },
  "upgrade-installations": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/installations/upgrade`, json: { percent: 50 } }),
    expect: releaseOf(202),
  },
  "move-back-installations": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/installations/move-back` }),
    expect: releaseOf(200),
  },
  // D580–D582: an App's upgrade jobs are its managing project's; no job 999999 exists, so a caller let through
  // gets 404 for it, after the 403 of another project.
  "list-app-upgrades": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/upgrades` }),
    expect: appProjectManagement(200),
  },
  "get-app-upgrade": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/upgrades/999999` }),
    expect: appProjectManagement(404),
  },
  "cancel-app-upgrade": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/upgrades/999999/cancel` }),
    expect: appProjectManagement(404),
  },
  "list-app-reviews": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/reviews` }),
    expect: authorRead(200),
  },
  "get-app-review": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/reviews/${w.reviews[t]}` }),
    expect: authorRead(200),
  },
  "get-app-review-report": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/reviews/${w.reviews[t]}/report` }),
    expect: authorRead(200),
  },
  "put-app-fixtures": {
    targets: APP_TARGETS,
    request: (w, t) => ({
      path: `/api/v1/apps/${app(w, t)}/fixtures`,
      json: { credentials: { good: { token: "matrix" }, bad: { token: "wrong" } } },
    }),
    expect: appManagement(200),
  },
  "get-app-fixtures": {
    targets: APP_TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${app(w, t)}/fixtures` }),
    expect: authorRead(200),
  },
};
