import type { OUTBOUND_ENDPOINTS } from "@adapterkit/contract";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { withFrontDeskTables } from "../../src/front-desk/front-desk-tables.ts";
import { installation, installationChange } from "./app-matrix.ts";
import { TARGETS, type Target, type World } from "./authorization-world.ts";
import { scopedInstallationRead } from "./inbound-matrix.ts";
import { type MatrixEntry, place, scoped } from "./matrix-entry.ts";

type OutboundEndpointId = (typeof OUTBOUND_ENDPOINTS)[number]["id"];

/** The first callback delivery of the target place's run (every place's run calls back to this instance). */
async function callbackOf(world: World, target: Target): Promise<number> {
  const row = await withCallbackTables(world.test.service.store.db)
    .selectFrom("callback_deliveries")
    .select("id")
    .where("workflow_run_id", "=", place(world, target).runId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A delivered front-desk reply of the target's installation, planted for the cell (the world's Apps send none). */
async function replyOf(world: World, target: Target): Promise<number> {
  const at = new Date().toISOString();
  const row = await withFrontDeskTables(world.test.service.store.db)
    .insertInto("deliveries")
    .values({
      installation_id: installation(world, target),
      contact_id: null,
      inbound_event_id: null,
      channel_address: "C024BE91L",
      thread_id: null,
      text: "planted",
      status: "delivered",
      next_attempt_at: at,
      message_id: "m1",
      last_error: null,
      created_at: at,
      delivered_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Issue 33's outbound records (D510–D517): a run's callbacks as the run is read, replies as the installation. */
export const OUTBOUND_MATRIX: { readonly [K in OutboundEndpointId]: MatrixEntry } = {
  "list-run-callbacks": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/workflow-runs/${place(w, t).runId}/callbacks` }),
    expect: scoped(200),
  },
  "get-callback-delivery": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/callback-deliveries/${await callbackOf(w, t)}` }),
    expect: scoped(200),
  },
  "resend-callback-delivery": {
    targets: TARGETS,
    request: async (w, t) => ({ path: `/api/v1/callback-deliveries/${await callbackOf(w, t)}/resend` }),
    expect: scoped(201),
  },
  "list-installation-replies": {
    targets: TARGETS,
    request: (w, t) => ({ path: `/api/v1/installations/${installation(w, t)}/replies` }),
    expect: scopedInstallationRead(200),
  },
  "resend-reply": {
    targets: TARGETS,
    request: async (w, t) => ({
      path: `/api/v1/installations/${installation(w, t)}/replies/${await replyOf(w, t)}/resend`,
    }),
    expect: installationChange(201),
  },
};
