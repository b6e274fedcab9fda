import { request } from "node:http";
import { triggerSchema, workflowSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENABLE_REFUSED_MESSAGE } from "../src/index.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`management API (D16, D17, D23) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let globex: Tenant;

    beforeAll(async () => {
      test = await startTestService(lane);
      acme = await createTenant(test, "acme");
      globex = await createTenant(test, "globex");
    });
    afterAll(async () => test?.close());

    const api = (path: string, init: { method?: string; json?: unknown; token?: string } = {}) =>
      test.call(path, { token: acme.token, ...init });

    it("creates, reads, lists and patches a workflow in the token's project", async () => {
      const created = await api("/api/v1/workflows", {
        json: { name: "Triage", callback_url: "https://example.com/cb" },
      });
      expect(created.status).toBe(201);
      const workflow = workflowSchema.parse(await created.json());
      expect(created.headers.get("location")).toBe(`/api/v1/workflows/${workflow.id}`);
      expect(workflow).toMatchObject({ project_id: acme.projectId, stages: [], prompt_for_task_description: false });
      expect(workflowSchema.parse(await (await api(`/api/v1/workflows/${workflow.id}`)).json())).toEqual(workflow);
      const list = (await (await api("/api/v1/workflows")).json()) as { items: { id: number }[] };
      expect(list.items.map((item) => item.id)).toContain(workflow.id);
      const patched = await api(`/api/v1/workflows/${workflow.id}`, { method: "PATCH", json: { name: "Triage 2" } });
      expect(await patched.json()).toMatchObject({ name: "Triage 2", callback_url: "https://example.com/cb" });
    });

    it("keeps organizations apart: another organization's workflow is a 404 and is not listed", async () => {
      const foreign = await createWorkflow(test, globex.token);
      expect((await api(`/api/v1/workflows/${foreign.id}`)).status).toBe(404);
      const list = (await (await api("/api/v1/workflows")).json()) as { items: { id: number }[] };
      expect(list.items.map((item) => item.id)).not.toContain(foreign.id);
    });

    it("refuses workflow creation to a workflow-scoped token and outside the token's project", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const scoped = await test.service.createToken({ organization: "acme", workflow: workflow.id });
      expect((await api("/api/v1/workflows", { token: scoped.token, json: { name: "x" } })).status).toBe(403);
      const sibling = await test.service.createToken({ organization: "acme", project: "sibling" });
      const elsewhere = await api("/api/v1/workflows", { json: { name: "x", project_id: sibling.project_id } });
      expect(elsewhere.status).toBe(403);
      const list = (await (await api("/api/v1/workflows", { token: scoped.token })).json()) as {
        items: { id: number }[];
      };
      expect(list.items.map((item) => item.id)).toEqual([workflow.id]);
    });

    it("rejects duplicate stage names and unknown fields, naming them", async () => {
      const stages = [
        { name: "a", action: "echo" },
        { name: "a", action: "echo" },
      ];
      const duplicate = await readProblem(await api("/api/v1/workflows", { json: { name: "x", stages } }));
      expect(duplicate.errors).toEqual([expect.objectContaining({ path: "/stages/1/name" })]);
      const unknown = await readProblem(await api("/api/v1/workflows", { json: { name: "x", owner: "me" } }));
      expect(unknown).toMatchObject({ status: 400, detail: expect.stringContaining("owner") });
    });

    it("creates a webhook trigger whose answer shows its URL, enabled by default", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const response = await api(`/api/v1/workflows/${workflow.id}/triggers`, {
        json: { type: "webhook", name: "Orders" },
      });
      expect(response.status).toBe(201);
      const trigger = triggerSchema.parse(await response.json());
      expect(response.headers.get("location")).toBe(`/api/v1/triggers/${trigger.id}`);
      expect(trigger).toMatchObject({ type: "webhook", enabled: true, fire_count: 0, last_fired_at: null });
      expect(trigger.type === "webhook" && trigger.webhook_url).toMatch(/\/api\/v1\/hooks\/[A-Za-z0-9_-]{43}$/);
      const listed = (await (await api(`/api/v1/workflows/${workflow.id}/triggers`)).json()) as { items: unknown[] };
      expect(listed.items).toEqual([trigger]);
    });

    it("rejects schedule fields on a webhook trigger, naming the field", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const create = await api(`/api/v1/workflows/${workflow.id}/triggers`, {
        json: { type: "webhook", name: "x", timezone: "UTC" },
      });
      expect((await readProblem(create)).detail).toContain("timezone");
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id);
      const patch = await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { cron: "* * * * *" } });
      expect(patch.status).toBe(400);
      expect((await readProblem(patch)).detail).toContain("cron");
    });

    it("renames and disables a trigger by PATCH without changing its URL", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id);
      const patched = await api(`/api/v1/triggers/${trigger.id}`, {
        method: "PATCH",
        json: { name: "New", enabled: false },
      });
      expect(await patched.json()).toMatchObject({ name: "New", enabled: false, webhook_url: trigger.webhook_url });
    });

    it("refuses every way of enabling a trigger while the workflow prompts, with the D23 message", async () => {
      const workflow = await createWorkflow(test, acme.token, { prompt_for_task_description: true });
      const created = await api(`/api/v1/workflows/${workflow.id}/triggers`, { json: { type: "webhook", name: "x" } });
      expect(created.status).toBe(409);
      expect((await readProblem(created)).detail).toBe(ENABLE_REFUSED_MESSAGE);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id, { enabled: false });
      const enable = await api(`/api/v1/triggers/${trigger.id}/enable`, { method: "POST" });
      expect(enable.status).toBe(409);
      expect((await readProblem(enable)).detail).toBe(ENABLE_REFUSED_MESSAGE);
      const patch = await api(`/api/v1/triggers/${trigger.id}`, { method: "PATCH", json: { enabled: true } });
      expect((await readProblem(patch)).detail).toBe(ENABLE_REFUSED_MESSAGE);
      expect((await test.call(trigger.hookPath, { method: "POST", body: "{}" })).status).toBe(409);
    });

    it("refuses to turn on Prompt for task description while triggers are enabled, naming them", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id, { name: "Orders" });
      const refused = await api(`/api/v1/workflows/${workflow.id}`, {
        method: "PATCH",
        json: { prompt_for_task_description: true },
      });
      expect(refused.status).toBe(409);
      expect((await readProblem(refused)).detail).toContain(`${trigger.id} (Orders)`);
      await api(`/api/v1/triggers/${trigger.id}/disable`, { method: "POST" });
      const allowed = await api(`/api/v1/workflows/${workflow.id}`, {
        method: "PATCH",
        json: { prompt_for_task_description: true },
      });
      expect(allowed.status).toBe(200);
    });

    it("offers Fire Now for schedule triggers only", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id);
      const response = await api(`/api/v1/triggers/${trigger.id}/fire`, { method: "POST" });
      expect(response.status).toBe(409);
      expect((await readProblem(response)).detail).toContain("schedule triggers");
    });

    it("fires a schedule trigger now with its input payload, recorded as manual", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const at = new Date().toISOString();
      const row = await test.service.store.db
        .insertInto("triggers")
        .values({
          organization_id: acme.organizationId,
          workflow_id: workflow.id,
          type: "schedule",
          name: "digest",
          enabled: 0,
          last_fired_at: null,
          callback_url: null,
          created_at: at,
          updated_at: at,
          schedule: "0 9 * * *",
          cron: "0 9 * * *",
          timezone: "UTC",
          input_payload: JSON.stringify({ digest: true }),
          next_fire_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const response = await api(`/api/v1/triggers/${row.id}/fire`, { method: "POST" });
      expect(response.status).toBe(201);
      const triggerRun = (await response.json()) as { source: string; workflow_run_id: number; scheduled_for: null };
      expect(triggerRun).toMatchObject({ source: "manual", status: "succeeded", scheduled_for: null });
      expect(await waitForRun(test, acme.token, triggerRun.workflow_run_id)).toMatchObject({ input: { digest: true } });
      const trigger = await (await api(`/api/v1/triggers/${row.id}`)).json();
      expect(trigger).toMatchObject({
        fire_count: 1,
        enabled: false,
        next_fire_at: null,
        display: expect.stringContaining("(UTC)"),
      });
    });

    it("pages trigger runs newest first with an opaque cursor", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id);
      for (let i = 0; i < 5; i += 1) await test.call(trigger.hookPath, { method: "POST", body: String(i) });
      const seen: number[] = [];
      let cursor: string | null = "";
      while (cursor !== null) {
        const query: string = cursor === "" ? "?limit=2" : `?limit=2&cursor=${cursor}`;
        const page = (await (await api(`/api/v1/triggers/${trigger.id}/runs${query}`)).json()) as {
          items: { id: number }[];
          next_cursor: string | null;
        };
        seen.push(...page.items.map((item) => item.id));
        cursor = page.next_cursor;
      }
      expect(seen).toHaveLength(5);
      expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    });

    it("rejects a bad page size or cursor with 400 naming the parameter", async () => {
      const workflow = await createWorkflow(test, acme.token);
      const trigger = await createWebhookTrigger(test, acme.token, workflow.id);
      for (const [query, field] of [
        ["?limit=0", "limit"],
        ["?limit=101", "limit"],
        ["?cursor=!!", "cursor"],
      ]) {
        const problem = await readProblem(await api(`/api/v1/triggers/${trigger.id}/runs${query}`));
        expect(problem).toMatchObject({ status: 400, detail: expect.stringMatching(new RegExp(`^${field}`)) });
      }
    });

    it("hides triggers and runs of other organizations (404) and other projects (403)", async () => {
      const foreignWorkflow = await createWorkflow(test, globex.token);
      const foreign = await createWebhookTrigger(test, globex.token, foreignWorkflow.id);
      expect((await api(`/api/v1/triggers/${foreign.id}`)).status).toBe(404);
      const run = (await (await test.call(foreign.hookPath, { method: "POST" })).json()) as { workflow_run_id: number };
      expect((await api(`/api/v1/workflow-runs/${run.workflow_run_id}`)).status).toBe(404);
      const sibling = await test.service.createToken({ organization: "acme", project: "sibling" });
      const siblingWorkflow = await createWorkflow(test, sibling.token);
      const siblingTrigger = await createWebhookTrigger(test, sibling.token, siblingWorkflow.id);
      expect((await api(`/api/v1/triggers/${siblingTrigger.id}`)).status).toBe(403);
      expect((await api(`/api/v1/triggers/${siblingTrigger.id}`, { method: "DELETE" })).status).toBe(403);
    });

    it("answers 404 for ids that cannot exist and for unknown paths, 405 with Allow for a wrong method", async () => {
      expect((await api("/api/v1/workflows/abc")).status).toBe(404);
      expect((await api("/api/v1/workflows/99999999999")).status).toBe(404);
      expect((await api("/api/v1/nothing")).status).toBe(404);
      const wrong = await api("/api/v1/trigger", { method: "GET" });
      expect(wrong.status).toBe(405);
      expect(wrong.headers.get("allow")).toBe("POST");
      expect((await readProblem(wrong)).code).toBe("method_not_allowed");
    });

    it("refuses control characters and bidirectional overrides in workflow, stage and trigger names, naming the field", async () => {
      const { id } = await createWorkflow(test, acme.token);
      const { id: triggerId } = await createWebhookTrigger(test, acme.token, id);
      for (const [path, method, body, field] of [
        ["/api/v1/workflows", "POST", { name: "a\u0000b" }, "/name"],
        ["/api/v1/workflows", "POST", { name: "w", stages: [{ name: "s\u202E", action: "echo" }] }, "/stages/0/name"],
        [`/api/v1/workflows/${id}`, "PATCH", { name: "\u2067x" }, "/name"],
        [`/api/v1/workflows/${id}/triggers`, "POST", { type: "webhook", name: "t\u009b" }, "/name"],
        [`/api/v1/triggers/${triggerId}`, "PATCH", { name: "t\r\n" }, "/name"],
      ] as const) {
        const response = await api(path, { method, json: body });
        expect(response.status, JSON.stringify(body)).toBe(400);
        const problem = await readProblem(response);
        expect(problem.errors?.map((error) => error.path)).toEqual([field]);
        expect(problem.detail).toContain("control characters");
      }
      expect((await api("/api/v1/workflows", { json: { name: "Ünïcödé – fine 日本" } })).status).toBe(201);
    });

    it("refuses paths with dot segments, plain or percent-encoded, with 400 instead of resolving them", async () => {
      const { id } = await createWorkflow(test, acme.token);
      // fetch would resolve the dots before sending; node:http sends the path as given.
      const raw = (path: string) =>
        new Promise<{ status: number; type: string | undefined; body: string }>((resolve, reject) => {
          const { hostname, port } = new URL(test.url);
          const req = request({ hostname, port, path, headers: { authorization: `Bearer ${acme.token}` } }, (res) => {
            let body = "";
            res.on("data", (chunk: Buffer) => {
              body += chunk.toString();
            });
            res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], body }));
          });
          req.on("error", reject);
          req.end();
        });
      expect((await raw(`/api/v1/workflows/${id}`)).status).toBe(200);
      for (const path of [
        `/api/v1/triggers/../workflows/${id}`,
        `/api/v1/triggers/%2e%2e/workflows/${id}`,
        `/api/v1/./workflows/${id}`,
      ]) {
        const answer = await raw(path);
        expect(answer.status, path).toBe(400);
        expect(answer.type).toBe("application/problem+json");
        expect(answer.body).toContain("dot segments");
      }
    });

    it("previews a schedule, and names the field when it cannot", async () => {
      const ok = await api("/api/v1/schedules/preview", {
        json: { schedule: "every day at 9", timezone: "UTC", after: "2025-01-01T00:00:00Z", count: 2 },
      });
      expect(await ok.json()).toEqual({
        cron: "0 9 * * *",
        description: "every day at 9",
        display: expect.stringContaining("(UTC)"),
        fires: ["2025-01-01T09:00:00.000Z", "2025-01-02T09:00:00.000Z"],
      });
      const bad = await readProblem(
        await api("/api/v1/schedules/preview", { json: { schedule: "0 9 * * *", timezone: "Mars/Base" } }),
      );
      expect(bad).toMatchObject({ status: 400, detail: expect.stringMatching(/^timezone/) });
    });
  });
}
