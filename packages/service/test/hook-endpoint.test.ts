import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readJson,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";

const MiB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

/** Posts a body in chunks without Content-Length, as a streaming client would. */
function postChunked(url: string, size: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "transfer-encoding": "chunked" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    const chunk = Buffer.alloc(64 * 1024, 120);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!req.write(chunk)) return req.once("drain", write);
      }
      req.end();
    };
    write();
  });
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`POST /api/v1/hooks/:token (D14) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let workflowId: number;
    let hook: Awaited<ReturnType<typeof createWebhookTrigger>>;
    let clockOffset = 0;

    beforeAll(async () => {
      test = await startTestService(lane, { now: () => new Date(Date.now() + clockOffset) });
      acme = await createTenant(test, "acme");
      workflowId = (await createWorkflow(test, acme.token)).id;
      hook = await createWebhookTrigger(test, acme.token, workflowId);
    });
    afterAll(async () => test?.close());

    const post = (path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) =>
      test.call(path, { method: "POST", ...(body === undefined ? {} : { body }), headers });
    const runOf = async (response: Response) => {
      expect(response.status).toBe(201);
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      return waitForRun(test, acme.token, workflow_run_id);
    };

    it("shows a URL whose token is 43 base64url characters", () => {
      expect(hook.hookToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(hook.webhook_url).toBe(`${test.url}${hook.hookPath}`);
    });

    it("starts a run: 201 with workflow_run_id, status started and a Location", async () => {
      const response = await post(hook.hookPath, '{"order":1}', { "content-type": "application/json" });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { workflow_run_id: number; status: string };
      expect(body).toEqual({ workflow_run_id: expect.any(Number), status: "started" });
      expect(response.headers.get("location")).toBe(`/api/v1/workflow-runs/${body.workflow_run_id}`);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      const run = await waitForRun(test, acme.token, body.workflow_run_id);
      expect(run).toMatchObject({ status: "completed", source: "webhook", trigger_id: hook.id, input: { order: 1 } });
    });

    it("passes any JSON value as the input, whatever the Content-Type", async () => {
      expect(await runOf(await post(hook.hookPath, "[1,2]", { "content-type": "text/plain" }))).toMatchObject({
        input_type: "json",
        input: [1, 2],
      });
      expect(await runOf(await post(hook.hookPath, '"hi"'))).toMatchObject({ input_type: "json", input: "hi" });
      expect(await runOf(await post(hook.hookPath, "null"))).toMatchObject({ input_type: "json", input: null });
    });

    it("passes a body that is not JSON as a plain-text message", async () => {
      const run = await runOf(await post(hook.hookPath, "deploy finished: ok", { "content-type": "application/json" }));
      expect(run).toMatchObject({ input_type: "text", input: "deploy finished: ok", output: "deploy finished: ok" });
    });

    it("starts the run without input when there is no body", async () => {
      expect(await runOf(await post(hook.hookPath))).toMatchObject({ input_type: null, input: null });
    });

    it("answers a malformed token with the same 404 as an unknown one", async () => {
      const unknown = await readProblem(await post(`/api/v1/hooks/${"A".repeat(43)}`, "{}"));
      for (const token of ["A".repeat(42), "A".repeat(44), `${"A".repeat(42)}=`, "%00", `${"A".repeat(42)}.`]) {
        const response = await post(`/api/v1/hooks/${token}`, "{}");
        expect(response.status).toBe(404);
        expect(await readProblem(response)).toEqual(unknown);
      }
      expect(unknown.code).toBe("not_found");
    });

    it("answers a problem with its own request id and the same protective headers", async () => {
      const response = await post(`/api/v1/hooks/${"A".repeat(43)}`, "{}");
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    });

    it("answers 409 while the trigger is disabled, and 201 again once enabled", async () => {
      await test.call(`/api/v1/triggers/${hook.id}/disable`, { method: "POST", token: acme.token });
      const refused = await post(hook.hookPath, "{}");
      expect(refused.status).toBe(409);
      expect((await readProblem(refused)).code).toBe("trigger_disabled");
      await test.call(`/api/v1/triggers/${hook.id}/enable`, { method: "POST", token: acme.token });
      expect((await post(hook.hookPath, "{}")).status).toBe(201);
    });

    it("answers 422 when the workflow cannot start, and records the failed firing", async () => {
      const broken = await createWorkflow(test, acme.token);
      const brokenHook = await createWebhookTrigger(test, acme.token, broken.id);
      await test.call(`/api/v1/workflows/${broken.id}`, { method: "PATCH", token: acme.token, json: { stages: [] } });
      const response = await post(brokenHook.hookPath, "{}");
      expect(response.status).toBe(422);
      expect((await readProblem(response)).code).toBe("workflow_not_startable");
      const runs = await readJson(await test.call(`/api/v1/triggers/${brokenHook.id}/runs`, { token: acme.token }));
      expect(runs.items).toEqual([
        expect.objectContaining({ status: "failed", workflow_run_id: null, source: "webhook" }),
      ]);
    });

    it("records every firing as a trigger run and counts it", async () => {
      const own = await createWebhookTrigger(test, acme.token, workflowId);
      const first = (await (await post(own.hookPath, "{}")).json()) as { workflow_run_id: number };
      await post(own.hookPath, "{}");
      const trigger = await (await test.call(`/api/v1/triggers/${own.id}`, { token: acme.token })).json();
      expect(trigger).toMatchObject({ fire_count: 2, last_fired_at: expect.any(String) });
      const runs = await readJson(await test.call(`/api/v1/triggers/${own.id}/runs`, { token: acme.token }));
      expect(runs.items).toHaveLength(2);
      expect(runs.items[1]).toMatchObject({
        source: "webhook",
        status: "succeeded",
        workflow_run_id: first.workflow_run_id,
      });
    });

    it("returns the first run for a repeated Idempotency-Key and starts nothing", async () => {
      const own = await createWebhookTrigger(test, acme.token, workflowId);
      const headers = { "idempotency-key": "order-42" };
      const first = await post(own.hookPath, '{"order":42}', headers);
      const again = await post(own.hookPath, '{"order":42}', headers);
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
      const runs = await readJson(await test.call(`/api/v1/triggers/${own.id}/runs`, { token: acme.token }));
      expect(runs.items).toHaveLength(1);
    });

    it("answers 422 for the same Idempotency-Key with a different body", async () => {
      const headers = { "idempotency-key": "order-43" };
      expect((await post(hook.hookPath, '{"order":43}', headers)).status).toBe(201);
      const response = await post(hook.hookPath, '{"order":44}', headers);
      expect(response.status).toBe(422);
      expect((await readProblem(response)).code).toBe("idempotency_key_reused");
    });

    it("starts one run when requests with one key race", async () => {
      const own = await createWebhookTrigger(test, acme.token, workflowId);
      const headers = { "idempotency-key": "race" };
      const responses = await Promise.all(Array.from({ length: 8 }, () => post(own.hookPath, "{}", headers)));
      const ids = new Set(
        await Promise.all(
          responses.map(async (r) => ((await r.json()) as { workflow_run_id: number }).workflow_run_id),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(ids.size).toBe(1);
    });

    it("forgets an Idempotency-Key after 24 hours", async () => {
      const headers = { "idempotency-key": "daily" };
      const first = (await (await post(hook.hookPath, "{}", headers)).json()) as { workflow_run_id: number };
      clockOffset = DAY + 1000;
      try {
        const later = await post(hook.hookPath, "{}", headers);
        expect(later.headers.get("idempotent-replayed")).toBeNull();
        expect(((await later.json()) as { workflow_run_id: number }).workflow_run_id).not.toBe(first.workflow_run_id);
      } finally {
        clockOffset = 0;
      }
    });

    it("answers 400 for a malformed Idempotency-Key", async () => {
      const response = await post(hook.hookPath, "{}", { "idempotency-key": "has space" });
      expect(response.status).toBe(400);
      expect((await readProblem(response)).detail).toContain("Idempotency-Key");
    });

    it("accepts a body of exactly 1 MiB and refuses one byte more with 413", async () => {
      expect((await post(hook.hookPath, "x".repeat(MiB))).status).toBe(201);
      const response = await post(hook.hookPath, "x".repeat(MiB + 1));
      expect(response.status).toBe(413);
      expect((await readProblem(response)).code).toBe("payload_too_large");
    });

    it("refuses an oversized chunked body with 413", async () => {
      expect(await postChunked(`${test.url}${hook.hookPath}`, 2 * MiB)).toBe(413);
    });

    it("stops working when the trigger is deleted; a new trigger gets a new URL", async () => {
      const own = await createWebhookTrigger(test, acme.token, workflowId);
      const deleted = await test.call(`/api/v1/triggers/${own.id}`, { method: "DELETE", token: acme.token });
      expect(deleted.status).toBe(204);
      expect((await post(own.hookPath, "{}")).status).toBe(404);
      const again = await createWebhookTrigger(test, acme.token, workflowId);
      expect(again.hookToken).not.toBe(own.hookToken);
      expect((await post(again.hookPath, "{}")).status).toBe(201);
    });
  });
}

describe("POST /api/v1/hooks/:token without a database", () => {
  it("answers a malformed token with 404 without reading the database", async () => {
    const test = await startTestService(STORE_LANES[0] as (typeof STORE_LANES)[number], { worker: false });
    try {
      await test.service.store.close();
      const malformed = await test.call(`/api/v1/hooks/${"A".repeat(42)}`, { method: "POST", body: "{}" });
      expect(malformed.status).toBe(404);
      // The well-formed one needs the (closed) database, which shows the malformed one never asked it.
      const wellFormed = await test.call(`/api/v1/hooks/${"A".repeat(43)}`, { method: "POST", body: "{}" });
      expect(wellFormed.status).toBe(500);
    } finally {
      await test.close();
    }
  });
});
