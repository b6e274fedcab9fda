import type { Principal } from "./auth/principal.ts";
import type { ServiceContext } from "./service-context.ts";
import { issueApiToken } from "./tenancy/api-tokens.ts";
import { ensureOrganization, ensureProject } from "./tenancy/organizations.ts";
import { createTrigger } from "./triggers/create-trigger.ts";
import { toTriggerJson } from "./triggers/to-trigger-json.ts";

/** What `npm start` prints so a developer can call the service at once. */
export interface DemoSetup {
  readonly organizationId: number;
  readonly projectId: number;
  readonly workflowId: number;
  readonly triggerId: number;
  /** A new project-scoped API token (tokens are stored hashed, so each call issues one). */
  readonly apiToken: string;
  /** POST here to start a run through the demo webhook trigger. */
  readonly hookUrl: string;
  /** `POST {workflow_id}` here with the API token. */
  readonly triggerUrl: string;
}

const DEMO = { organization: "demo", project: "default", workflow: "Demo workflow", trigger: "Demo webhook" };

/** Creates the demo organization, project, echo workflow and webhook trigger once, and issues a fresh token. */
export async function bootstrapDemo(context: ServiceContext): Promise<DemoSetup> {
  const { db } = context.store;
  const at = context.now();
  const organization = await ensureOrganization(db, DEMO.organization, at);
  const project = await ensureProject(db, organization.id, DEMO.project, at);
  const existing = await db
    .selectFrom("workflows")
    .selectAll()
    .where("project_id", "=", project.id)
    .where("name", "=", DEMO.workflow)
    .orderBy("id")
    .executeTakeFirst();
  const workflow =
    existing ??
    (await db
      .insertInto("workflows")
      .values({
        organization_id: organization.id,
        project_id: project.id,
        name: DEMO.workflow,
        prompt_for_task_description: 0,
        stages: JSON.stringify([{ name: "echo", action: "echo" }]),
        callback_url: null,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow());
  const json = { serviceKey: context.serviceKey, publicUrl: context.publicUrl() };
  const principal: Principal = {
    tokenId: 0,
    organizationId: organization.id,
    scope: { type: "project", projectId: project.id },
  };
  const row = await db
    .selectFrom("triggers")
    .selectAll()
    .where("workflow_id", "=", workflow.id)
    .where("type", "=", "webhook")
    .orderBy("id")
    .executeTakeFirst();
  const trigger =
    row === undefined
      ? await createTrigger(
          db,
          { principal, now: at, json },
          { workflowId: workflow.id, body: { type: "webhook", name: DEMO.trigger } },
        )
      : toTriggerJson(row, json);
  const token = await issueApiToken(db, { target: { projectId: project.id }, name: "demo" }, at);
  return {
    organizationId: organization.id,
    projectId: project.id,
    workflowId: workflow.id,
    triggerId: trigger.id,
    apiToken: token.token,
    hookUrl: trigger.type === "webhook" ? trigger.webhook_url : "",
    triggerUrl: `${context.publicUrl().replace(/\/+$/, "")}/api/v1/trigger`,
  };
}
