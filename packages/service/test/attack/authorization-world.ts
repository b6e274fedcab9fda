import { createWebhookTrigger, createWorkflow, readJson, type TestService } from "../helpers/test-service.ts";
import type { AppAdapters } from "./app-adapters.ts";
import { type AppWorld, plantApps } from "./app-world.ts";

/** Who calls: no token, the admin token, a project-scoped or a workflow-scoped API token (D16; no org-wide kind). */
export const CALLERS = ["none", "admin", "project", "workflow"] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * Whose resource a request names, seen from the callers: the workflow both tokens reach, another workflow of the
 * same project, a workflow of another project of the same organization, and one of another organization.
 */
export const TARGETS = ["own", "sibling", "other-project", "other-org"] as const;
export type PlaceTarget = (typeof TARGETS)[number];

/**
 * Whose App a request names: the places' Apps and, besides, the other organization's published App, which every
 * organization sees and installs but only its author manages (A1, D119). Its place is the other organization's.
 */
export const APP_TARGETS = [...TARGETS, "other-org-published"] as const;
export type Target = (typeof APP_TARGETS)[number];

/** Whether a target is another organization's (404 wherever it is not published for everyone). */
export const isOtherOrg = (target: Target): boolean => target === "other-org" || target === "other-org-published";

/** One workflow of the world, with a trigger of each type and a run. */
export interface Place {
  readonly organizationId: number;
  readonly projectId: number;
  readonly workflowId: number;
  readonly webhookTriggerId: number;
  readonly hookToken: string;
  readonly scheduleTriggerId: number;
  readonly runId: number;
  /** A project-scoped token of the place's own project, to make fresh resources there. */
  readonly ownerToken: string;
}

/**
 * Two organizations: A (project main: own and sibling; project other) and B, and the callers' tokens; with an App
 * and an installation per place (see `app-world.ts`).
 */
export interface World extends AppWorld {
  readonly test: TestService;
  readonly adminToken: string;
  readonly tokens: Readonly<Record<Exclude<Caller, "none">, string>>;
  readonly places: Readonly<Record<Target, Place>>;
  /** A new webhook trigger in a target's workflow, for a route that changes or removes it. */
  freshTrigger(target: Target): Promise<number>;
  /** A new API token in a target's project, for the revoke route. */
  freshTokenId(target: Target): Promise<number>;
}

async function placeIn(test: TestService, ownerToken: string, ids: { organizationId: number; projectId: number }) {
  // Runs call back to this instance's own receiver, so every place has a recorded callback (D25).
  const workflow = await createWorkflow(test, ownerToken, { callback_url: `${test.url}/api/v1/callback` });
  const hook = await createWebhookTrigger(test, ownerToken, workflow.id);
  const schedule = await test.call(`/api/v1/workflows/${workflow.id}/triggers`, {
    token: ownerToken,
    json: { type: "schedule", name: "hourly", schedule: "0 * * * *" },
  });
  const run = await test.call(hook.hookPath, { json: { hello: "world" } });
  await callbackRecorded(test, ownerToken, workflow.id);
  return {
    ...ids,
    workflowId: workflow.id,
    webhookTriggerId: hook.id,
    hookToken: hook.hookToken,
    scheduleTriggerId: (await readJson<{ id: number }>(schedule)).id,
    runId: (await readJson<{ workflow_run_id: number }>(run)).workflow_run_id,
    ownerToken,
  };
}

/** Waits until the receiver recorded a callback of a workflow's run. */
async function callbackRecorded(test: TestService, token: string, workflowId: number): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const page = await readJson<{ items: { payload: { data: { workflow_id: number } } }[] }>(
      await test.call("/api/v1/callbacks?limit=100", { token }),
    );
    if (page.items.some((item) => item.payload.data.workflow_id === workflowId)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no callback of workflow ${workflowId} was recorded within 10 s`);
}

/** Builds the world on a running service through its API (tokens through the service, as the CLI makes them). */
export async function buildWorld(test: TestService, adminToken: string, adapters: AppAdapters): Promise<World> {
  const mainA = await test.service.createToken({ organization: "attack-a", project: "main" });
  const otherA = await test.service.createToken({ organization: "attack-a", project: "other" });
  const mainB = await test.service.createToken({ organization: "attack-b", project: "main" });
  const ids = (token: typeof mainA) => ({ organizationId: token.organization_id, projectId: token.project_id ?? 0 });
  const own = await placeIn(test, mainA.token, ids(mainA));
  const otherOrg = await placeIn(test, mainB.token, ids(mainB));
  const places: Record<Target, Place> = {
    own,
    sibling: await placeIn(test, mainA.token, ids(mainA)),
    "other-project": await placeIn(test, otherA.token, ids(otherA)),
    "other-org": otherOrg,
    "other-org-published": otherOrg,
  };
  const workflowToken = await test.service.createToken({ organization: "attack-a", workflow: own.workflowId });
  return {
    ...(await plantApps(test, adminToken, adapters, places)),
    test,
    adminToken,
    tokens: { admin: adminToken, project: mainA.token, workflow: workflowToken.token },
    places,
    async freshTrigger(target) {
      const place = places[target];
      return (await createWebhookTrigger(test, place.ownerToken, place.workflowId, { name: "fresh" })).id;
    },
    async freshTokenId(target) {
      const response = await test.call("/api/v1/admin/tokens", {
        token: adminToken,
        json: { project_id: places[target].projectId, name: "fresh" },
      });
      return (await readJson<{ id: number }>(response)).id;
    },
  };
}
