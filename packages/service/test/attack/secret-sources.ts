import { createWebhookTrigger, createWorkflow, readJson, type TestService } from "../helpers/test-service.ts";
import { appSigningSecrets, credentialFields, fixturesCredentials, toolServerHeaders } from "./app-secret-sources.ts";
import { portalSessions } from "./portal-secret-sources.ts";

/** What every source may use: the running service, the admin token, a project token and one of its workflows. */
export interface PlantContext {
  readonly test: TestService;
  readonly adminToken: string;
  /** ADAPTERKIT_SECRET_KEY, the key that seals secrets at rest. */
  readonly serviceKey: string;
  readonly organizationId: number;
  readonly projectToken: string;
  readonly workflowId: number;
  /** The base URL of a loopback adapter (the recorder) under any slug, to register Apps with. */
  readonly appUrl: (slug: string) => string;
  /** The endpoint of a loopback stand-in tool server (A13), to connect with secret headers. */
  readonly toolServerUrl: string;
}

/**
 * A kind of secret the no-secret-in-clear check plants through the service and then looks for in its database files
 * and logs. Planting also uses each secret the ways a client would (right and wrong), so it passes through every
 * code path that could write it down. App signing secrets and credential fields are in `app-secret-sources.ts`;
 * OAuth tokens (A6) go there too, planted through the stand-in authorization server.
 */
export interface SecretSource {
  readonly kind: string;
  /** Creates and uses secrets of this kind; returns their clear values. */
  plant(context: PlantContext): Promise<string[]>;
}

const drain = async (response: Response) => void (await response.arrayBuffer());

const adminToken: SecretSource = {
  kind: "admin token",
  async plant({ test, adminToken }) {
    await drain(await test.call("/api/v1/admin/organizations", { token: adminToken, json: { name: "plant-org" } }));
    await drain(await test.call("/api/v1/admin/organizations", { token: `${adminToken}x`, json: { name: "x" } }));
    return [adminToken];
  },
};

// The service was started with it; what seals the others must not be written beside them either.
const serviceKey: SecretSource = { kind: "service key", plant: async ({ serviceKey }) => [serviceKey] };

const apiTokens: SecretSource = {
  kind: "API token",
  async plant({ test, adminToken, organizationId, projectToken }) {
    const created = await test.call("/api/v1/admin/projects", {
      token: adminToken,
      json: { organization_id: organizationId, name: "plant-project" },
    });
    const project = await readJson<{ id: number }>(created);
    const issued = await test.call("/api/v1/admin/tokens", { token: adminToken, json: { project_id: project.id } });
    const token = await readJson<{ id: number; token: string }>(issued);
    await drain(await test.call("/api/v1/workflows", { token: token.token }));
    await drain(await test.call(`/api/v1/admin/tokens/${token.id}`, { method: "DELETE", token: adminToken }));
    // A revoked token, a token in the wrong header form, a token as a query parameter: each answered and logged.
    await drain(await test.call("/api/v1/workflows", { token: token.token }));
    await drain(await test.call("/api/v1/workflows", { headers: { authorization: `Token ${projectToken}` } }));
    await drain(await test.call(`/api/v1/workflows?token=${projectToken}`, { token: "ak_short" }));
    return [projectToken, token.token];
  },
};

const hookTokens: SecretSource = {
  kind: "webhook token",
  async plant({ test, projectToken, workflowId }) {
    const live = await createWebhookTrigger(test, projectToken, workflowId, { name: "plant-live" });
    const disabled = await createWebhookTrigger(test, projectToken, workflowId, { name: "plant-disabled" });
    const deleted = await createWebhookTrigger(test, projectToken, workflowId, { name: "plant-deleted" });
    await drain(await test.call(`/api/v1/triggers/${disabled.id}/disable`, { method: "POST", token: projectToken }));
    await drain(await test.call(`/api/v1/triggers/${deleted.id}`, { method: "DELETE", token: projectToken }));
    for (const hook of [live, disabled, deleted]) {
      await drain(await test.call(hook.hookPath, { json: { order: 1 } }));
      await drain(await test.call(hook.hookPath, { json: { order: 1 }, headers: { "idempotency-key": "plant" } }));
      await drain(await test.call(`${hook.hookPath}/extra`, { json: {} }));
      await drain(await test.call(hook.hookPath, { method: "GET" }));
      await drain(await test.call(hook.hookPath, { body: "[".repeat(100), headers: { "content-type": "text/plain" } }));
    }
    return [live.hookToken, disabled.hookToken, deleted.hookToken];
  },
};

async function secretOf(response: Response): Promise<string> {
  if (response.status !== 200) throw new Error(`callback secret: ${response.status} ${await response.text()}`);
  return (await readJson<{ secret: string }>(response)).secret;
}

const callbackSecrets: SecretSource = {
  kind: "callback secret",
  async plant({ test, adminToken, organizationId, projectToken }) {
    const path = `/api/v1/admin/organizations/${organizationId}/callback-secret`;
    const first = await secretOf(await test.call(path, { token: adminToken }));
    const second = await secretOf(await test.call(`${path}/rotate`, { method: "POST", token: adminToken }));
    // A run whose callback this instance delivers to its own receiver, signed with both secrets (D103).
    const { id } = await createWorkflow(test, projectToken, { callback_url: `${test.url}/api/v1/callback` });
    await drain(await test.call("/api/v1/trigger", { token: projectToken, json: { workflow_id: id } }));
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const page = await readJson<{ items: unknown[] }>(await test.call("/api/v1/callbacks", { token: projectToken }));
      if (page.items.length > 0) return [first, second];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("no callback reached the receiver within 10 s");
  },
};

/**
 * Every kind of secret the service keeps today; add new kinds to this list (next: OAuth access and refresh tokens,
 * and the authorization code and PKCE verifier of a flow, once the OAuth routes are merged).
 */
export const SECRET_SOURCES: readonly SecretSource[] = [
  adminToken,
  serviceKey,
  apiTokens,
  hookTokens,
  callbackSecrets,
  appSigningSecrets,
  credentialFields,
  toolServerHeaders,
  fixturesCredentials,
  portalSessions,
];
