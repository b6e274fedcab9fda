import type { INBOUND_ENDPOINTS } from "@adapterkit/contract";
import { installation } from "./app-matrix.ts";
import { type Caller, TARGETS, type Target } from "./authorization-world.ts";
import { always, type MatrixEntry } from "./matrix-entry.ts";

type InboundEndpointId = (typeof INBOUND_ENDPOINTS)[number]["id"];

/** The inbound routes (A9; D156–D163). */
export const INBOUND_MATRIX: { readonly [K in InboundEndpointId]: MatrixEntry } = {
  // No bearer token: the platform's signature is the credential, judged by the adapter, so every caller gets the
  // same answer; the world's adapter serves no /verify-webhook, which the pipeline answers 503 (the platform retries).
  inbound: {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/apps/${installation(w, t)}/inbound`, json: { type: "message" } }),
    expect: always(503),
  },
  "list-installation-events": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/events` }),
    // D126: events carry people's messages, so a project token reads its own project's and organization-wide
    // installations' events only (another project's is 404, as an unknown one), a workflow token none.
    expect: (caller: Caller, target: Target) => {
      if (caller === "none" || caller === "admin") return 401;
      if (caller === "workflow") return 403;
      return target === "other-org" || target === "other-project" ? 404 : 200;
    },
  },
};
