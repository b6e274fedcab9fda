import { createAdapterClient } from "@adapterkit/client";
import {
  appSchema,
  appSigningSecretSchema,
  credentialListSchema,
  installationSchema,
  reviewSchema,
} from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";

const ADMIN = "admin-token-for-apps-tests-0123456789";
const PASSWORD = "pw-7c1e0b9d3a5f42e8";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Apps: register, review, install (A1, A3, A4, A5) ${lane.title}`, () => {
    let test: TestService;
    let adapter: RecordingAdapter;
    let author: Tenant;
    let other: Tenant;
    let secret: string;

    beforeAll(async () => {
      adapter = await startRecordingAdapter();
      test = await startTestService(lane, { adminToken: ADMIN, allowedHosts: ["127.0.0.1"], healthPolling: false });
      author = await createTenant(test, "author");
      other = await createTenant(test, "other");
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    const api = (path: string, token: string, json?: unknown, method?: string) =>
      test.call(path, { token, ...(json === undefined ? {} : { json }), ...(method ? { method } : {}) });

    it("previews without creating, then creates a draft on confirmation with version 1 and a manifest hash", async () => {
      const preview = await api("/api/v1/apps/preview", author.token, { base_url: adapter.url });
      expect(preview.status).toBe(200);
      expect(await preview.json()).toMatchObject({ slug: "recorder", problems: [], slug_taken: false });
      expect((await api("/api/v1/apps/recorder", author.token)).status).toBe(404);
      const created = await api("/api/v1/apps", author.token, { base_url: adapter.url });
      expect(created.status).toBe(201);
      expect(created.headers.get("location")).toBe("/api/v1/apps/recorder");
      const app = appSchema.parse(await created.json());
      expect(app).toMatchObject({
        state: "draft",
        version: 1,
        published_version: null,
        organization_id: author.organizationId,
      });
      expect(app.manifest_sha256).toMatch(/^[0-9a-f]{64}$/);
      const again = await api("/api/v1/apps", other.token, { base_url: adapter.url });
      expect((await readProblem(again)).code).toBe("conflict");
    });

    it("shows the signing secret to its author only, and keeps another organization from seeing the draft", async () => {
      const response = await api("/api/v1/apps/recorder/signing-secret", author.token);
      secret = appSigningSecretSchema.parse(await response.json()).secret;
      expect(secret).toMatch(/^whsec_/);
      expect((await api("/api/v1/apps/recorder/signing-secret", other.token)).status).toBe(404);
      expect((await api("/api/v1/apps/recorder", other.token)).status).toBe(404);
      expect((await api("/api/v1/installations", other.token, { app: "recorder", credentials: {} })).status).toBe(404);
    });

    it("moves draft → in_review → published through the API, refusing moves the state does not allow", async () => {
      expect(
        (
          await readProblem(
            await test.call("/api/v1/admin/apps/recorder/review", { token: ADMIN, json: { passed: true } }),
          )
        ).code,
      ).toBe("conflict");
      const submitted = await api("/api/v1/apps/recorder/submit", author.token, undefined, "POST");
      expect(submitted.status).toBe(202);
      expect(reviewSchema.parse(await submitted.json())).toMatchObject({ state: "queued", version: 1 });
      expect(appSchema.parse(await (await api("/api/v1/apps/recorder", author.token)).json()).state).toBe("in_review");
      expect((await api("/api/v1/apps/recorder/submit", author.token, undefined, "POST")).status).toBe(409);
      const failed = await test.call("/api/v1/admin/apps/recorder/review", {
        token: ADMIN,
        json: { passed: false, report: { failed: ["verify.ok"] } },
      });
      expect(appSchema.parse(await failed.json())).toMatchObject({
        state: "draft",
        review_report: { failed: ["verify.ok"] },
      });
      await api("/api/v1/apps/recorder/submit", author.token, undefined, "POST");
      const passed = await test.call("/api/v1/admin/apps/recorder/review", { token: ADMIN, json: { passed: true } });
      expect(appSchema.parse(await passed.json())).toMatchObject({
        state: "published",
        published_version: 1,
        review_report: null,
      });
      expect((await api("/api/v1/apps/recorder", other.token)).status).toBe(200);
    });

    it("installs after /verify accepts the mapped credentials, signed, with the context headers", async () => {
      // The author sets ADAPTER_SIGNING_SECRET and redeploys: the adapter now refuses anything unsigned.
      await adapter.close();
      adapter = await startRecordingAdapter({ port: adapter.port, signingSecret: secret });
      const credentials = { recorder_token: "xoxb-good", recorder_server: { host: "mail.test", password: PASSWORD } };
      const response = await api("/api/v1/installations", other.token, {
        app: "recorder",
        project_id: other.projectId,
        credentials,
      });
      expect(response.status).toBe(201);
      const installation = installationSchema.parse(await response.json());
      expect(installation).toMatchObject({
        app: "recorder",
        app_version: 1,
        state: "active",
        front_desk: false,
        verified_user: "recorder-bot",
      });
      expect(installation.id).toMatch(/^inst_[A-Za-z0-9_-]{22}$/);
      expect(adapter.verifies.at(-1)).toEqual({
        credentials: { bot_token: "xoxb-good", host: "mail.test", password: PASSWORD },
        organizationId: String(other.organizationId),
        projectId: String(other.projectId),
      });
      const unsigned = createAdapterClient({ baseUrl: adapter.url });
      const refused = await unsigned.verify({ credentials: { bot_token: "xoxb-good", host: "h", password: "p" } });
      await unsigned.close();
      expect(refused.ok === false && refused.error.kind === "http_status" && refused.error.status).toBe(401);
    });

    it("answers 422 with the adapter's error when /verify refuses, and creates nothing", async () => {
      const before = (await (await api("/api/v1/installations", author.token)).json()) as { items: unknown[] };
      const response = await api("/api/v1/installations", author.token, {
        app: "recorder",
        credentials: { recorder_token: "bad", recorder_server: { host: "h", password: "p" } },
      });
      const problem = await readProblem(response);
      expect(problem).toMatchObject({ status: 422, code: "verification_failed" });
      expect(problem.detail).toContain("token revoked");
      const after = (await (await api("/api/v1/installations", author.token)).json()) as { items: unknown[] };
      expect(after.items.length).toBe(before.items.length);
      const stored = credentialListSchema.parse(await (await api("/api/v1/credentials", author.token)).json());
      expect(stored.items).toEqual([]);
    });

    it("shares a stored credential by key, shows field names never values, toggles the front desk and uninstalls", async () => {
      const second = await api("/api/v1/installations", other.token, { app: "recorder", credentials: {} });
      expect(second.status).toBe(201);
      expect(adapter.verifies.at(-1)?.credentials).toMatchObject({ bot_token: "xoxb-good", password: PASSWORD });
      const listed = await (await api("/api/v1/credentials", other.token)).text();
      expect(listed).not.toContain(PASSWORD);
      expect(credentialListSchema.parse(JSON.parse(listed)).items.map((c) => [c.key, c.fields])).toEqual([
        ["recorder_server", ["host", "password"]],
        ["recorder_token", ["token"]],
      ]);
      const { id } = installationSchema.parse(await second.json());
      const toggled = await api(`/api/v1/installations/${id}`, other.token, { front_desk: true }, "PATCH");
      expect(installationSchema.parse(await toggled.json()).front_desk).toBe(true);
      const removed = await api(`/api/v1/installations/${id}`, other.token, undefined, "DELETE");
      expect(installationSchema.parse(await removed.json()).state).toBe("uninstalled");
      expect((await api(`/api/v1/installations/${id}`, other.token, { front_desk: false }, "PATCH")).status).toBe(409);
      const active = (await (await api("/api/v1/installations", other.token)).json()) as { items: { id: string }[] };
      expect(active.items.map((item) => item.id)).not.toContain(id);
      expect((await api(`/api/v1/installations/${id}`, author.token)).status).toBe(404);
    });

    it("rotates the signing secret with a day's overlap: the adapter still on the old secret keeps accepting calls", async () => {
      const rotated = await api("/api/v1/apps/recorder/signing-secret/rotate", author.token, undefined, "POST");
      const shown = appSigningSecretSchema.parse(await rotated.json());
      expect(shown.secret).not.toBe(secret);
      expect(Date.parse(shown.previous_secret_expires_at ?? "") - Date.now()).toBeGreaterThan(23 * 3600_000);
      const response = await api("/api/v1/installations", other.token, { app: "recorder", credentials: {} });
      expect(response.status).toBe(201);
      await adapter.close();
      adapter = await startRecordingAdapter({ port: adapter.port, signingSecret: shown.secret });
      expect((await api("/api/v1/installations", other.token, { app: "recorder", credentials: {} })).status).toBe(201);
      secret = shown.secret;
    });

    it("counts the calls per endpoint on the App's answer (A7)", async () => {
      const app = appSchema.parse(await (await api("/api/v1/apps/recorder", author.token)).json());
      const verify = app.calls.find((call) => call.endpoint === "verify");
      expect(verify?.ok).toBeGreaterThanOrEqual(3);
      expect(verify?.mean_ms).toBeGreaterThan(0);
    });

    it("refreshes into a new version when the manifest changed, leaving installations on the published one", async () => {
      const unchanged = appSchema.parse(
        await (await api("/api/v1/apps/recorder/refresh", author.token, undefined, "POST")).json(),
      );
      expect(unchanged.latest_version).toBe(1);
      await adapter.close();
      adapter = await startRecordingAdapter({ port: adapter.port, signingSecret: secret, version: "2.0.0" });
      const refreshed = appSchema.parse(
        await (await api("/api/v1/apps/recorder/refresh", author.token, undefined, "POST")).json(),
      );
      expect(refreshed).toMatchObject({ latest_version: 2, published_version: 1, state: "published", version: 2 });
      const seenByOther = appSchema.parse(await (await api("/api/v1/apps/recorder", other.token)).json());
      expect(seenByOther.version).toBe(1);
      expect(seenByOther.calls.find((call) => call.endpoint === "manifest")?.ok).toBe(2);
    });

    it("refuses workflow-scoped tokens with 403 on every change", async () => {
      const { id } = await createWorkflow(test, author.token);
      const { token } = await test.service.createToken({ organization: "author", workflow: id });
      const refused = [
        await api("/api/v1/apps/preview", token, { base_url: adapter.url }),
        await api("/api/v1/apps", token, { base_url: adapter.url }),
        await api("/api/v1/apps/recorder/refresh", token, undefined, "POST"),
        await api("/api/v1/apps/recorder/signing-secret", token),
        await api("/api/v1/installations", token, { app: "recorder", credentials: {} }),
      ];
      for (const response of refused) expect((await readProblem(response)).code).toBe("forbidden");
    });
  });
}
