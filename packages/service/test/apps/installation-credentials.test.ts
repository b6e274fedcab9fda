import { createWebhookSender, webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import { appSchema, appSigningSecretSchema, type CredentialDefinition, installationSchema } from "@adapterkit/contract";
import { type Adapter, type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";
import { upgradeAndWait } from "../helpers/upgrade-job.ts";

const ADMIN = "admin-token-for-credential-tests-0123456";
const PLATFORM_SECRET = `whsec_${Buffer.alloc(32, 7).toString("base64")}`;
const NEW_SECRET = `whsec_${Buffer.alloc(32, 5).toString("base64")}`;

/** The webhook adapter; version 2 requires one more credential, of two fields. */
function webhookVersion(version: 1 | 2): Adapter {
  const credentials: CredentialDefinition[] = [...(webhookManifest.credentials ?? [])] as CredentialDefinition[];
  if (version === 2) {
    credentials.push({
      key: "webhook_workspace",
      type: "text",
      label: "Workspace",
      fields: [{ name: "team_id", label: "Team id" }, { name: "region" }],
    });
  }
  return { ...webhookAdapter, manifest: { ...webhookManifest, version: `0.${version}.0`, credentials } } as Adapter;
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Installation credentials changed in place (D560–D562) ${lane.title}`, () => {
    let test: TestService;
    let server: AdapterServer;
    let port: number;
    let secret: string;
    let author: Tenant;
    let installer: Tenant;
    let other: Tenant;
    let id: string;
    let inboundUrl: string;

    const start = (version: 1 | 2, signingSecret?: string) =>
      serve(webhookVersion(version), {
        port,
        host: "127.0.0.1",
        handleSignals: false,
        logger: pino({ level: "silent" }),
        version: "test",
        signingSecret,
      });
    const api = (path: string, token: string, json?: unknown, method?: string) =>
      test.call(path, { token, ...(json === undefined ? {} : { json }), ...(method ? { method } : {}) });
    const replace = (token: string, credentials: unknown) =>
      api(`/api/v1/installations/${id}/credentials`, token, { credentials }, "PUT");
    const installation = async () =>
      installationSchema.parse(await (await api(`/api/v1/installations/${id}`, installer.token)).json());
    /** Posts an event signed with the platform secret; the outcome the service answered. */
    const send = async (platformSecret: string) => {
      const sent = await createWebhookSender(platformSecret).post(
        inboundUrl,
        JSON.stringify({ type: "note", sender: "till", message: "hello" }),
      );
      return sent.status;
    };

    beforeAll(async () => {
      server = await start(1);
      port = server.port;
      const url = server.url.replace("localhost", "127.0.0.1");
      test = await startTestService(lane, { adminToken: ADMIN, allowedHosts: ["127.0.0.1"], healthPolling: false });
      author = await createTenant(test, "author");
      installer = await createTenant(test, "installer");
      other = await createTenant(test, "stranger");
      expect((await api("/api/v1/apps", author.token, { base_url: url })).status).toBe(201);
      const shown = await api("/api/v1/apps/webhook/signing-secret", author.token);
      secret = appSigningSecretSchema.parse(await shown.json()).secret;
      await server.close();
      server = await start(1, secret);
      expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
      expect(
        (await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } })).status,
      ).toBe(200);
      const body = { app: "webhook", credentials: { webhook_signing_secret: PLATFORM_SECRET } };
      const installed = await api("/api/v1/installations", installer.token, body);
      expect(installed.status, await installed.clone().text()).toBe(201);
      ({ id, inbound_url: inboundUrl } = installationSchema.parse(await installed.json()));
    });
    afterAll(async () => {
      await test?.close();
      await server?.close();
    });

    it("keeps the old credentials when /verify refuses the new ones, naming the key", async () => {
      const refused = await replace(installer.token, { webhook_signing_secret: "not-a-standard-webhooks-key" });
      expect(refused.status).toBe(422);
      const problem = await readProblem(refused);
      expect(problem.code).toBe("verification_failed");
      expect(problem.detail).toContain("webhook_signing_secret");
      expect(problem.errors?.[0]?.path).toBe("/credentials/webhook_signing_secret");
      expect(await send(PLATFORM_SECRET)).toBe(200);
    });

    it("refuses an unknown key or field with 400 naming it, and another organization's installation with 404", async () => {
      const unknown = await replace(installer.token, { webhook_options: { colour: "blue" } });
      expect(unknown.status).toBe(400);
      expect((await readProblem(unknown)).errors?.[0]).toMatchObject({ path: "/credentials/webhook_options/colour" });
      expect((await replace(other.token, { webhook_signing_secret: NEW_SECRET })).status).toBe(404);
    });

    it("replaces the credentials in place once /verify accepts them, objects of fields whatever their number", async () => {
      const replaced = await replace(installer.token, {
        webhook_signing_secret: { value: NEW_SECRET },
        webhook_options: { preset: "standard-webhooks", sender_path: "/sender" },
      });
      expect(replaced.status, await replaced.clone().text()).toBe(200);
      expect(installationSchema.parse(await replaced.json())).toMatchObject({ id, inbound_url: inboundUrl });
      // The platform now signs with the new secret; the old one is refused.
      expect(await send(NEW_SECRET)).toBe(200);
      expect(await send(PLATFORM_SECRET)).toBe(401);
    });

    it("moves an installation an upgrade held back once the missing credential is given, same id and inbound URL", async () => {
      await server.close();
      server = await start(2, secret);
      expect((await api("/api/v1/apps/webhook/refresh", author.token, undefined, "POST")).status).toBe(200);
      expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
      const reviewed = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
      expect(appSchema.parse(await reviewed.json())).toMatchObject({ published_version: 2 });
      const upgrade = await upgradeAndWait(test, author.token, "webhook", { percent: 50 });
      expect(upgrade).toMatchObject({ state: "done", counts: { moved: 0, action_needed: 1, kept: 0 } });
      expect(await installation()).toMatchObject({
        app_version: 1,
        action_needed: { version: 2, missing_credentials: ["webhook_workspace"] },
      });
      const partial = await replace(installer.token, { webhook_workspace: { team_id: "T1" } });
      expect(partial.status).toBe(400);
      expect((await readProblem(partial)).errors?.[0]).toMatchObject({ path: "/credentials/webhook_workspace/region" });
      expect(await installation()).toMatchObject({ app_version: 1, action_needed: { version: 2 } });
      const fixed = await replace(installer.token, { webhook_workspace: { team_id: "T1", region: "eu" } });
      expect(fixed.status, await fixed.clone().text()).toBe(200);
      const moved = installationSchema.parse(await fixed.json());
      expect(moved).toMatchObject({ id, inbound_url: inboundUrl, app_version: 2, previous_version: 1 });
      expect(moved.action_needed).toBeNull();
      expect(await installation()).toMatchObject({ app_version: 2, action_needed: null });
      expect(await send(NEW_SECRET)).toBe(200);
    });
  });
}
