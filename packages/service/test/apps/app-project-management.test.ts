import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withAppTables } from "../../src/apps/app-tables.ts";
import { withSkillTables } from "../../src/skills/skill-tables.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const ADMIN = "admin-token-for-app-project-tests-0123456789";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Who manages an App and whose Skills are whose (D584, D585) ${lane.title}`, () => {
    let test: TestService;
    let adapter: AdapterServer;
    let main: Tenant;
    let other: Tenant;
    let stranger: Tenant;

    const call = (path: string, token: string, method = "GET", json?: unknown) =>
      test.call(path, { token, method, ...(json === undefined ? {} : { json }) });
    /** What managing the App answers to a token: each route the project rule guards. */
    const manage = async (token: string) => {
      const statuses: number[] = [];
      for (const [path, method, json] of [
        ["/api/v1/apps/webhook/signing-secret", "GET"],
        ["/api/v1/apps/webhook/signing-secret/rotate", "POST"],
        ["/api/v1/apps/webhook/publish", "POST", {}],
        ["/api/v1/apps/webhook/installations/upgrade", "POST", {}],
        ["/api/v1/apps/webhook/installations/move-back", "POST"],
        ["/api/v1/apps/webhook/upgrades", "GET"],
      ] as const) {
        statuses.push((await call(path, token, method, json)).status);
      }
      return statuses;
    };

    beforeAll(async () => {
      adapter = await serve(webhookAdapter, {
        port: 0,
        host: "127.0.0.1",
        handleSignals: false,
        logger: pino({ level: "silent" }),
        version: "test",
      });
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false });
      main = await createTenant(test, "publisher");
      other = await createTenant(test, "publisher", "other");
      stranger = await createTenant(test, "stranger");
      const url = adapter.url.replace("localhost", "127.0.0.1");
      expect((await call("/api/v1/apps", main.token, "POST", { base_url: url })).status).toBe(201);
      expect((await call("/api/v1/apps/webhook/submit", main.token, "POST")).status).toBe(202);
      const reviewed = await test.call("/api/v1/admin/apps/webhook/review", { token: ADMIN, json: { passed: true } });
      expect(reviewed.status).toBe(200);
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    it("records the registering project on the App", async () => {
      const row = await withAppTables(test.service.store.db)
        .selectFrom("apps")
        .select("project_id")
        .where("slug", "=", "webhook")
        .executeTakeFirstOrThrow();
      expect(row.project_id).toBe(main.projectId);
    });

    it("lets the registering project manage the App", async () => {
      // Nothing newer is approved (409) and nothing was moved; the rest answer as they do for the author.
      expect(await manage(main.token)).toEqual([200, 200, 409, 202, 200, 200]);
    });

    it("refuses another project of the organization 403 naming the managing one, and another organization 404", async () => {
      expect(await manage(other.token)).toEqual([403, 403, 403, 403, 403, 403]);
      const refused = await readProblem(await call("/api/v1/apps/webhook/signing-secret", other.token));
      expect(refused.detail).toBe(
        `App webhook is managed by the project that registered it (project ${main.projectId}); use a token of that project.`,
      );
      expect(await manage(stranger.token)).toEqual([404, 404, 404, 404, 404, 404]);
      // Reading the App stays the organization's (D119): the other project sees it.
      expect((await call("/api/v1/apps/webhook", other.token)).status).toBe(200);
    });

    it("lets any project of the organization manage an App registered before the project was recorded", async () => {
      const db = withAppTables(test.service.store.db);
      await db.updateTable("apps").set({ project_id: null }).where("slug", "=", "webhook").execute();
      try {
        expect((await call("/api/v1/apps/webhook/signing-secret", other.token)).status).toBe(200);
      } finally {
        await db.updateTable("apps").set({ project_id: main.projectId }).where("slug", "=", "webhook").execute();
      }
      expect((await call("/api/v1/apps/webhook/signing-secret", other.token)).status).toBe(403);
    });

    it("lets only the project that created a manual Skill delete it", async () => {
      const created = await call("/api/v1/skills", main.token, "POST", { name: "Outbox", tool_names: ["send_email"] });
      expect(created.status).toBe(201);
      const { id, project_id } = (await created.json()) as { id: number; project_id: number | null };
      expect(project_id).toBe(main.projectId);
      const stored = await withSkillTables(test.service.store.db)
        .selectFrom("skills")
        .select("project_id")
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(stored.project_id).toBe(main.projectId);
      expect((await call(`/api/v1/skills/${id}`, stranger.token, "DELETE")).status).toBe(404);
      const refused = await call(`/api/v1/skills/${id}`, other.token, "DELETE");
      expect(refused.status).toBe(403);
      expect((await readProblem(refused)).detail).toContain(`created by another project of this organization`);
      // The other project still sees it (Skills are the organization's to read), and which project made it.
      const seen = await call(`/api/v1/skills/${id}`, other.token);
      expect(seen.status).toBe(200);
      expect(await seen.json()).toMatchObject({ id, project_id: main.projectId });
      expect((await call(`/api/v1/skills/${id}`, main.token, "DELETE")).status).toBe(204);
    });

    it("lets any project delete a manual Skill made before the project was recorded", async () => {
      const created = await call("/api/v1/skills", main.token, "POST", { name: "Old", tool_names: ["send_email"] });
      const { id } = (await created.json()) as { id: number };
      await withSkillTables(test.service.store.db)
        .updateTable("skills")
        .set({ project_id: null })
        .where("id", "=", id)
        .execute();
      expect(await (await call(`/api/v1/skills/${id}`, other.token)).json()).toMatchObject({ id, project_id: null });
      expect((await call(`/api/v1/skills/${id}`, other.token, "DELETE")).status).toBe(204);
    });
  });
}
