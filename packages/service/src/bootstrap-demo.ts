import type { Principal } from "./auth/principal.ts";
import type { ServiceContext } from "./service-context.ts";
import { issueApiToken } from "./tenancy/api-tokens.ts";
import { ensureOrganization, ensureProject } from "./tenancy/organizations.ts";
import { createTrigger } from "./triggers/create-trigger.ts";
import { ensureDemoChatTrigger } from "./triggers/ensure-demo-chat-trigger.ts";
import { toTriggerJson } from "./triggers/to-trigger-json.ts";

/** What `npm start` prints so a developer can call the service at once. */
export interface DemoSetup {
  readonly organizationId: number;
  readonly projectId: number;
  readonly workflowId: number;
  readonly triggerId: number;
  /**
   * A new project-scoped API token when the demo is new or one was asked for; tokens are stored hashed, so a restart
   * cannot show the old one again (D467).
   */
  readonly apiToken: string | undefined;
  /** D463: when an earlier start created the demo (its workflow's `created_at`); undefined when this call did. */
  readonly foundFrom: string | undefined;
  /** POST here to start a run through the demo webhook trigger. */
  readonly hookUrl: string;
  /** `POST {workflow_id}` here with the API token. */
  readonly triggerUrl: string;
}

const DEMO = { organization: "demo", project: "default", workflow: "Demo workflow", trigger: "Demo webhook" };

/** How {@link bootstrapDemo} treats an existing demo. */
export interface BootstrapOptions {
  /** Issue a token even though the demo was found (`serve --new-token`); a new demo always gets one. */
  readonly newToken?: boolean | undefined;
}

/**
 * Creates the demo organization, project, echo workflow and webhook trigger once; issues a token when it created
 * them or when asked (D467), and otherwise leaves the store as it found it.
 */
export async function bootstrapDemo(context: ServiceContext, options: BootstrapOptions = {}): Promise<DemoSetup> {
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
  const token =
    existing === undefined || options.newToken
      ? await issueApiToken(db, { target: { projectId: project.id }, name: "demo" }, at)
      : undefined;
  return {
    organizationId: organization.id,
    projectId: project.id,
    workflowId: workflow.id,
    triggerId: trigger.id,
    apiToken: token?.token,
    foundFrom: existing?.created_at,
    hookUrl: trigger.type === "webhook" ? trigger.webhook_url : "",
    triggerUrl: `${context.publicUrl().replace(/\/+$/, "")}/api/v1/trigger`,
  };
}

/** D466: the demo workflow's one app-event trigger for the chat installation's messages; resolves with its id. */
export async function ensureDemoTrigger(context: ServiceContext, installationId: string): Promise<number> {
  const { db } = context.store;
  const at = context.now();
  const organization = await ensureOrganization(db, DEMO.organization, at);
  const project = await ensureProject(db, organization.id, DEMO.project, at);
  const workflow = await db
    .selectFrom("workflows")
    .select("id")
    .where("project_id", "=", project.id)
    .where("name", "=", DEMO.workflow)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const principal: Principal = {
    tokenId: 0,
    organizationId: organization.id,
    scope: { type: "project", projectId: project.id },
  };
  const json = { serviceKey: context.serviceKey, publicUrl: context.publicUrl() };
  return ensureDemoChatTrigger(
    db,
    { principal, now: at, json },
    { workflowId: workflow.id, installationId, stage: "echo" },
  );
}
