import { createWebhookSender, webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import {
  appSchema,
  appSigningSecretSchema,
  type CredentialDefinition,
  inboundEventPageSchema,
  installationMoveResultSchema,
  installationSchema,
} from "@adapterkit/contract";
import { type Adapter, type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";
import { upgradeAndWait } from "../helpers/upgrade-job.ts";

const ADMIN = "admin-token-for-upgrade-tests-0123456789";
// The platform's secret each installation verifies its inbound events with (a well-formed whsec_ key).
const PLATFORM_SECRET = `whsec_${Buffer.alloc(32, 9).toString("base64")}`;

/** The webhook adapter with its manifest changed: version 2 requires one more credential, version 3 does not. */
function webhookVersion(version: 1 | 2 | 3): Adapter {
  const credentials: CredentialDefinition[] = [...(webhookManifest.credentials ?? [])] as CredentialDefinition[];
  if (version === 2) credentials.push({ key: "webhook_extra", type: "text", label: "A key version 2 requires" });
  const manifest = { ...webhookManifest, version: `0.${version}.0`, credentials };
  return { ...webhookAdapter, manifest } as Adapter;
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Upgrades of installations: publish, move, move back (D450–D454) ${lane.title}`, () => {
    let test: TestService;
    let server: AdapterServer;
    let port: number;
    let url: string;
    let secret: string;
    let author: Tenant;
    let installer: Tenant;
    let tokens: Map<string, string>;
    let first: string;
    let second: string;
    const sender = createWebhookSender(PLATFORM_SECRET);

    const start = (version: 1 | 2 | 3, signingSecret?: string) =>
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
    // Each installation is read with a token of its own project (D338).
    const installation = async (id: string) =>
      installationSchema.parse(await (await api(`/api/v1/installations/${id}`, tokens.get(id) ?? "")).json());
    const moveBack = async () => {
      const response = await api("/api/v1/apps/webhook/installations/move-back", author.token, undefined, "POST");
      expect(response.status, await response.clone().text()).toBe(200);
      return installationMoveResultSchema.parse(await response.json());
    };
    /** The author changes the adapter, refreshes, and the operator's override publishes the new version (D118). */
    const release = async (version: 2 | 3) => {
      await server.close();
      server = await start(version, secret);
      const refreshed = appSchema.parse(
        await (await api("/api/v1/apps/webhook/refresh", author.token, undefined, "POST")).json(),
      );
      expect(refreshed.latest_version).toBe(version);
      expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
      const reviewed = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
      expect(appSchema.parse(await reviewed.json())).toMatchObject({ state: "published", published_version: version });
    };
    /** Posts a signed event to the installation's inbound URL; the outcome the service answered. */
    const send = async (id: string, text: string) => {
      const sent = await sender.post(
        `${test.url}/api/v1/apps/${id}/inbound`,
        JSON.stringify({ type: "note", sender: "till", message: text }),
      );
      expect(sent.status, sent.body).toBe(200);
      const { outcome } = JSON.parse(sent.body) as { outcome: string };
      // The installation's log has it, newest first.
      expect((await events(id))[0]).toMatchObject({ dedup_key: sent.id, outcome, sender: "till" });
      return outcome;
    };
    const events = async (id: string) =>
      inboundEventPageSchema.parse(await (await api(`/api/v1/installations/${id}/events`, tokens.get(id) ?? "")).json())
        .items;

    beforeAll(async () => {
      server = await start(1);
      port = server.port;
      url = server.url.replace("localhost", "127.0.0.1");
      test = await startTestService(lane, { adminToken: ADMIN, allowedHosts: ["127.0.0.1"], healthPolling: false });
      author = await createTenant(test, "author");
      installer = await createTenant(test, "installer");
      expect((await api("/api/v1/apps", author.token, { base_url: url })).status).toBe(201);
      const shown = await api("/api/v1/apps/webhook/signing-secret", author.token);
      secret = appSigningSecretSchema.parse(await shown.json()).secret;
      await server.close();
      server = await start(1, secret);
      expect((await api("/api/v1/apps/webhook/submit", author.token, undefined, "POST")).status).toBe(202);
      const reviewed = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
      expect(reviewed.status).toBe(200);
      const ids: string[] = [];
      tokens = new Map();
      for (const project of ["main", "second"]) {
        const tenant = project === "main" ? installer : await createTenant(test, "installer", project);
        const body = { app: "webhook", credentials: { webhook_signing_secret: PLATFORM_SECRET } };
        const installed = await api("/api/v1/installations", tenant.token, body);
        expect(installed.status, await installed.clone().text()).toBe(201);
        const { id } = installationSchema.parse(await installed.json());
        ids.push(id);
        tokens.set(id, tenant.token);
      }
      [first = "", second = ""] = ids;
    });
    afterAll(async () => {
      await test?.close();
      await server?.close();
    });

    it("shows each installation's version, nothing moved and nothing asked", async () => {
      expect(await installation(first)).toMatchObject({ app_version: 1, previous_version: null, action_needed: null });
    });

    it("refuses a share that is not one, naming the field, and another organization's App", async () => {
      for (const [body, path] of [
        [{ percent: 0 }, "/percent"],
        [{ percent: 10, count: 1 }, "/count"],
        [{ count: "all" }, "/count"],
      ] as const) {
        const refused = await api("/api/v1/apps/webhook/installations/upgrade", author.token, body);
        expect(refused.status).toBe(400);
        expect((await readProblem(refused)).errors?.[0]?.path).toBe(path);
      }
      expect((await api("/api/v1/apps/webhook/installations/upgrade", installer.token, {})).status).toBe(404);
      const back = await api("/api/v1/apps/webhook/installations/move-back", installer.token, undefined, "POST");
      expect(back.status).toBe(404);
    });

    it("leaves an installation where it was, marked, when the version requires a credential it has not given", async () => {
      await release(2);
      const job = await upgradeAndWait(test, author.token, "webhook");
      expect(job).toMatchObject({
        app: "webhook",
        to_version: 2,
        from_versions: [1],
        state: "done",
        progress: { done: 2, total: 2 },
        counts: { moved: 0, action_needed: 2, kept: 0 },
      });
      // Each installation, oldest first, with what the job did and why.
      expect(job.results?.map((result) => [result.installation_id, result.outcome])).toEqual([
        [first, "action_needed"],
        [second, "action_needed"],
      ]);
      expect(job.results?.[0]?.reason).toContain("webhook_extra");
      const marked = await installation(first);
      expect(marked).toMatchObject({
        app_version: 1,
        previous_version: null,
        action_needed: { version: 2, missing_credentials: ["webhook_extra"] },
      });
      expect(marked.action_needed?.reason).toContain("webhook_extra");
      // It still receives on the version it stayed on.
      expect(["accepted", "unmatched"]).toContain(await send(first, "still on one"));
    });

    it("moves a share (the oldest first), re-verified, and the moved one receives on the new version", async () => {
      await release(3);
      expect(await upgradeAndWait(test, author.token, "webhook", { count: 1 })).toMatchObject({
        to_version: 3,
        share: { percent: null, count: 1 },
        progress: { done: 1, total: 1 },
        counts: { moved: 1, action_needed: 0, kept: 0 },
        results: [{ installation_id: first, from_version: 1, outcome: "moved", reason: null }],
      });
      const moved = await installation(first);
      expect(moved).toMatchObject({ app_version: 3, previous_version: 1, action_needed: null });
      expect(moved.verified_user).toMatch(/^Standard Webhooks endpoint/);
      expect(await installation(second)).toMatchObject({ app_version: 1, action_needed: { version: 2 } });
      expect(["accepted", "unmatched"]).toContain(await send(first, "now on three"));
      expect(await upgradeAndWait(test, author.token, "webhook", { percent: 100 })).toMatchObject({
        progress: { done: 1, total: 1 },
        counts: { moved: 1 },
        results: [{ installation_id: second, outcome: "moved" }],
      });
      expect(await installation(second)).toMatchObject({ app_version: 3, previous_version: 1, action_needed: null });
    });

    it("moves them back to the version each came from, and they still receive", async () => {
      expect(await moveBack()).toEqual({ app: "webhook", version: 3, moved: 2, action_needed: 0, remaining: 0 });
      expect(await installation(first)).toMatchObject({ app_version: 1, previous_version: null, action_needed: null });
      expect(await installation(second)).toMatchObject({ app_version: 1, previous_version: null });
      expect(await moveBack()).toMatchObject({ moved: 0 });
      expect(["accepted", "unmatched"]).toContain(await send(first, "back on one"));
      // New installations still get the published version.
      const body = { app: "webhook", credentials: { webhook_signing_secret: PLATFORM_SECRET } };
      const fresh = installationSchema.parse(await (await api("/api/v1/installations", installer.token, body)).json());
      expect(fresh.app_version).toBe(3);
    });
  });
}
