import type { SKILL_ENDPOINTS, SOURCE_ENDPOINTS } from "@adapterkit/contract";
import { installation } from "./app-matrix.ts";
import { type Caller, TARGETS, type Target, type World } from "./authorization-world.ts";
import { scopedInstallationRead } from "./inbound-matrix.ts";
import { anyApiToken, type MatrixEntry, OWN, projectTokenOnly, unique } from "./matrix-entry.ts";

type SourceEndpointId = (typeof SOURCE_ENDPOINTS)[number]["id"] | (typeof SKILL_ENDPOINTS)[number]["id"];

/** D165: changing a source takes a project token (403 for a workflow one) that may read the installation (else 404). */
const sourceManagement = (ok: number) => (caller: Caller, target: Target) =>
  caller === "workflow" ? 403 : scopedInstallationRead(ok)(caller, target);

/** The organization's Skills: the target's organization has one, made with its owner's project token. */
const SKILL_TARGETS: readonly Target[] = ["own", "other-org"];
async function skillOf(w: World, t: Target): Promise<number> {
  const made = await w.test.call("/api/v1/skills", {
    token: w.places[t].ownerToken,
    json: { name: unique("matrix-skill"), tool_names: ["search_documents"] },
  });
  if (made.status !== 201) throw new Error(`skill: ${made.status} ${await made.text()}`);
  return ((await made.json()) as { id: number }).id;
}
const skillRead = (ok: number) => (caller: Caller, target: Target) =>
  caller === "none" || caller === "admin" ? 401 : target === "other-org" ? 404 : ok;

const base = (w: World, t: Target) => `/api/v1/installations/${installation(w, t)}`;

/** The target's installation with its source set by its owner, so reading it does not hang on another cell's order. */
async function configured(w: World, t: Target): Promise<string> {
  const path = `${base(w, t)}/source`;
  const set = await w.test.call(path, { token: w.places[t].ownerToken, json: { resource_path: "/docs" } });
  if (set.status !== 200) throw new Error(`source: ${set.status} ${await set.text()}`);
  return path;
}

/**
 * The sources and Skills routes (A12, A13; D164–D169). The ids of syncs and documents below are unknown in every
 * installation, so whoever may look gets 404 and the check is who gets that far: 401, 403 and the scope's 404.
 */
export const SOURCE_MATRIX: { readonly [K in SourceEndpointId]: MatrixEntry } = {
  "configure-source": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/source`, json: { resource_path: "/docs" } }),
    expect: sourceManagement(200),
  },
  "get-source": {
    targets: TARGETS,
    request: async (w, t) => ({ path: await configured(w, t) }),
    expect: scopedInstallationRead(200),
  },
  "sync-installation": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `${(await configured(w, t)).replace(/source$/, "sync")}` }),
    expect: sourceManagement(202),
  },
  "list-syncs": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/syncs` }),
    expect: scopedInstallationRead(200),
  },
  "get-sync": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/syncs/999999` }),
    expect: scopedInstallationRead(404),
  },
  "list-documents": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/documents` }),
    expect: scopedInstallationRead(200),
  },
  "get-document": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/documents/999999` }),
    expect: scopedInstallationRead(404),
  },
  "get-document-content": {
    targets: TARGETS,
    request: (w, t) => ({ path: `${base(w, t)}/documents/999999/content` }),
    expect: scopedInstallationRead(404),
  },
  "list-tools": { targets: OWN, request: () => ({ path: "/api/v1/tools" }), expect: anyApiToken(200) },
  "create-skill": {
    targets: OWN,
    request: () => ({ path: "/api/v1/skills", json: { name: unique("skill"), tool_names: ["search_documents"] } }),
    expect: projectTokenOnly(201),
  },
  "list-skills": { targets: OWN, request: () => ({ path: "/api/v1/skills" }), expect: anyApiToken(200) },
  "get-skill": {
    targets: SKILL_TARGETS,
    request: async (w, t) => ({ path: `/api/v1/skills/${await skillOf(w, t)}` }),
    expect: skillRead(200),
  },
  "delete-skill": {
    targets: SKILL_TARGETS,
    request: async (w, t) => ({ path: `/api/v1/skills/${await skillOf(w, t)}` }),
    expect: (caller, target) => (caller === "workflow" ? 403 : skillRead(204)(caller, target)),
  },
};
