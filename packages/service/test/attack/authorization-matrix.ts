import type { ServiceEndpointId } from "@adapterkit/contract";
import { APP_MATRIX } from "./app-matrix.ts";
import { TARGETS } from "./authorization-world.ts";
import { INBOUND_MATRIX } from "./inbound-matrix.ts";
import {
  adminOnly,
  always,
  anyApiToken,
  type MatrixEntry,
  OWN,
  place,
  projectTokenOnly,
  scoped,
  unique,
} from "./matrix-entry.ts";
import { OAUTH_MATRIX } from "./oauth-matrix.ts";
import { OUTBOUND_MATRIX } from "./outbound-matrix.ts";
import { REVIEW_MATRIX } from "./review-matrix.ts";
import { SOURCE_MATRIX } from "./source-matrix.ts";
import { TOOL_SERVER_MATRIX } from "./tool-server-matrix.ts";

/**
 * Every route of the service's table (the contract's endpoint ids) with its matrix entry: a new endpoint does
 * not compile until it has one, and `authorization-matrix.test.ts` checks the table at run time too.
 */
export const AUTHORIZATION_MATRIX: { readonly [K in ServiceEndpointId]: MatrixEntry } = {
  trigger: {
    targets: TARGETS,
    request: (w, t) => ({ path: "/api/v1/trigger", json: { workflow_id: place(w, t).workflowId } }),
    expect: scoped(201),
  },
  // A hook URL is its own credential: whoever holds it starts a run, whatever Authorization says.
  hook: {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/hooks/${place(w, t).hookToken}` }),
    expect: always(201),
  },
  // The receiver takes a signature, never a token: unsigned is 401 for every caller.
  "receive-callback": {
    targets: OWN,
    request: () => ({ path: "/api/v1/callback", json: { type: "run.completed", data: {} } }),
    expect: always(401),
  },
  "list-workflows": {
    targets: OWN,
    request: () => ({ path: "/api/v1/workflows" }),
    expect: anyApiToken(200),
    visible: {
      ids: (body) => (body as { items: { id: number }[] }).items.map((item) => item.id),
      due: (w, caller) =>
        caller === "project" ? [w.places.own.workflowId, w.places.sibling.workflowId] : [w.places.own.workflowId],
    },
  },
  // A workflow-scoped token creates nothing; a project token only in its own project (any other id is 403).
  "create-workflow": {
    targets: ["own", "other-project", "other-org"],
    request: (w, t) => ({ path: "/api/v1/workflows", json: { name: unique("wf"), project_id: place(w, t).projectId } }),
    expect: (caller, target) => (target === "own" ? projectTokenOnly(201)(caller) : anyApiToken(403)(caller)),
  },
  "get-workflow": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/workflows/${place(w, t).workflowId}` }),
    expect: scoped(200),
  },
  "update-workflow": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/workflows/${place(w, t).workflowId}`, json: { name: unique("renamed") } }),
    expect: scoped(200),
  },
  "list-triggers": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/workflows/${place(w, t).workflowId}/triggers` }),
    expect: scoped(200),
  },
  "create-trigger": {
    targets: TARGETS,
    request: (w, t) => ({
      path: `/api/v1/workflows/${place(w, t).workflowId}/triggers`,
      json: { type: "webhook", name: unique("hook") },
    }),
    expect: scoped(201),
  },
  "get-trigger": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/triggers/${place(w, t).webhookTriggerId}` }),
    expect: scoped(200),
  },
  "update-trigger": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/triggers/${await w.freshTrigger(t)}`, json: { name: unique("t") } }),
    expect: scoped(200),
  },
  "delete-trigger": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/triggers/${await w.freshTrigger(t)}` }),
    expect: scoped(204),
  },
  "enable-trigger": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/triggers/${place(w, t).webhookTriggerId}/enable` }),
    expect: scoped(200),
  },
  "disable-trigger": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/triggers/${await w.freshTrigger(t)}/disable` }),
    expect: scoped(200),
  },
  "fire-trigger": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/triggers/${place(w, t).scheduleTriggerId}/fire` }),
    expect: scoped(201),
  },
  "list-trigger-runs": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/triggers/${place(w, t).scheduleTriggerId}/runs` }),
    expect: scoped(200),
  },
  "get-workflow-run": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/workflow-runs/${place(w, t).runId}` }),
    expect: scoped(200),
  },
  "preview-schedule": {
    targets: OWN,
    request: () => ({ path: "/api/v1/schedules/preview", json: { schedule: "every day at 9am", timezone: "UTC" } }),
    expect: anyApiToken(200),
  },
  // D106: a token lists only the callbacks of runs in its scope.
  "list-callbacks": {
    targets: OWN,
    request: () => ({ path: "/api/v1/callbacks?limit=100" }),
    expect: anyApiToken(200),
    visible: {
      ids: (body) => [
        ...new Set(
          (body as { items: { payload: { data: { workflow_id: number } } }[] }).items.map(
            (item) => item.payload.data.workflow_id,
          ),
        ),
      ],
      due: (w, caller) =>
        caller === "project" ? [w.places.own.workflowId, w.places.sibling.workflowId] : [w.places.own.workflowId],
    },
  },
  // D106: the secret signs every project's callbacks, so only the admin reads or rotates it, for any organization.
  "get-callback-secret": {
    targets: ["own", "other-org"],
    request: (w, t) => ({ path: `/api/v1/admin/organizations/${place(w, t).organizationId}/callback-secret` }),
    expect: adminOnly(200),
  },
  "rotate-callback-secret": {
    targets: ["own", "other-org"],
    request: (w, t) => ({ path: `/api/v1/admin/organizations/${place(w, t).organizationId}/callback-secret/rotate` }),
    expect: adminOnly(200),
  },
  "create-organization": {
    targets: OWN,
    request: () => ({ path: "/api/v1/admin/organizations", json: { name: unique("org") } }),
    expect: adminOnly(201),
  },
  "create-project": {
    targets: ["own", "other-org"],
    request: (w, t) => ({
      path: "/api/v1/admin/projects",
      json: { organization_id: place(w, t).organizationId, name: unique("p") },
    }),
    expect: adminOnly(201),
  },
  "create-api-token": {
    targets: TARGETS,
    request: (w, t) => ({ path: "/api/v1/admin/tokens", json: { project_id: place(w, t).projectId } }),
    expect: adminOnly(201),
  },
  "revoke-api-token": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/admin/tokens/${await w.freshTokenId(t)}` }),
    expect: adminOnly(204),
  },
  ...APP_MATRIX,
  ...REVIEW_MATRIX,
  ...OAUTH_MATRIX,
  ...INBOUND_MATRIX,
  ...OUTBOUND_MATRIX,
  ...SOURCE_MATRIX,
  ...TOOL_SERVER_MATRIX,
  "get-openapi": { targets: OWN, request: () => ({ path: "/api/v1/openapi.json" }), expect: always(200) },
  healthz: { targets: OWN, request: () => ({ path: "/healthz" }), expect: always(200) },
  readyz: { targets: OWN, request: () => ({ path: "/readyz" }), expect: always(200) },
};
