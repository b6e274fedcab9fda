import type { INBOUND_ENDPOINTS } from "@adapterkit/contract";
import { installation } from "./app-matrix.ts";
import type { Caller, Target } from "./authorization-world.ts";
import { TARGETS } from "./authorization-world.ts";
import { always, type MatrixEntry } from "./matrix-entry.ts";

/**
 * D126, D165: what an installation holds of people (events, synced documents) is read within a token's scope: an
 * organization-wide installation by any token of the organization, a project's by that project's tokens and its
 * workflows'; another project's or organization's is 404, as an unknown id.
 */
export const scopedInstallationRead = (ok: number) => (caller: Caller, target: Target) => {
  if (caller === "none" || caller === "admin") return 401;
  return target === "other-org" || target === "other-project" ? 404 : ok;
};

type InboundEndpointId = (typeof INBOUND_ENDPOINTS)[number]["id"];

/** The inbound routes (A9; D156–D163). */
export const INBOUND_MATRIX: { readonly [K in InboundEndpointId]: MatrixEntry } = {
  // No bearer token: the platform's signature is the credential, judged by the adapter, so every caller gets the
  // same answer; the world's App declares no `receive`, so its installations take no events (404).
  inbound: {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${installation(w, t)}/inbound`, json: { type: "message" } }),
    expect: always(404),
  },
  "list-installation-events": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/events` }),
    expect: scopedInstallationRead(200),
  },
  "get-installation-event": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/events/999999` }),
    expect: scopedInstallationRead(404),
  },
  // D523: resending takes a project token that may read the installation (a workflow token is 403).
  "replay-installation-event": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/events/999999/replay` }),
    expect: (caller, target) => (caller === "workflow" ? 403 : scopedInstallationRead(404)(caller, target)),
  },
};
