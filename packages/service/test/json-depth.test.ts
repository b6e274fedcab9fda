import { MAX_JSON_DEPTH } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
} from "./helpers/test-service.ts";

// About 10 KB: what the probe sent, and what answered 500 from JSON.stringify before D105.
const DEEP = `${"[".repeat(5000)}${"]".repeat(5000)}`;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`the JSON depth bound (D105) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let workflowId: number;
    let hookPath: string;

    beforeAll(async () => {
      test = await startTestService(lane, { worker: false });
      acme = await createTenant(test, "acme");
      workflowId = (await createWorkflow(test, acme.token)).id;
      hookPath = (await createWebhookTrigger(test, acme.token, workflowId)).hookPath;
    });
    afterAll(async () => {
      await test?.close();
    });

    const runCount = async () =>
      (await test.service.store.db.selectFrom("workflow_runs").select("id").execute()).length;

    it("answers 413 naming the limit to a hook body nested 5,000 deep, and starts no run", async () => {
      const response = await test.call(hookPath, { body: DEEP, headers: { "content-type": "application/json" } });
      expect(response.status).toBe(413);
      expect((await readProblem(response)).detail).toBe(`The body is nested deeper than ${MAX_JSON_DEPTH} levels.`);
      expect(await runCount()).toBe(0);
    });

    it("answers 413 to API bodies nested too deep: a run's input and a trigger's stored input_payload", async () => {
      // Written by hand: JSON.stringify itself overflows on such a value.
      const headers = { "content-type": "application/json" };
      const trigger = await test.call("/api/v1/trigger", {
        token: acme.token,
        headers,
        body: `{"workflow_id":${workflowId},"input":${DEEP}}`,
      });
      expect(trigger.status).toBe(413);
      const created = await test.call(`/api/v1/workflows/${workflowId}/triggers`, {
        token: acme.token,
        headers,
        body: `{"type":"schedule","name":"deep","schedule":"every day at 9am","input_payload":${DEEP}}`,
      });
      expect(created.status).toBe(413);
      expect((await readProblem(created)).code).toBe("payload_too_large");
      expect(await runCount()).toBe(0);
    });

    it("accepts a hook body nested exactly to the limit", async () => {
      const body = `${"[".repeat(MAX_JSON_DEPTH)}${"]".repeat(MAX_JSON_DEPTH)}`;
      expect((await test.call(hookPath, { body })).status).toBe(201);
    });
  });
}
