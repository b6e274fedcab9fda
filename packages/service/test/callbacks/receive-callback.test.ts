import { signRequest } from "@adapterkit/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateCallbackSecret } from "../../src/callbacks/callback-secret.ts";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "../helpers/test-service.ts";
import { eventually } from "./callback-receiver.ts";

const ENVELOPE = {
  type: "workflow_run.failed",
  timestamp: "2030-01-01T00:00:00.000Z",
  data: { workflow_run_id: 5, workflow_id: 2, session_id: 5, trigger_id: null, status: "failed", error: "x" },
};

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`POST /api/v1/callback, the receiver (D25) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let globex: Tenant;
    let counter = 0;

    beforeAll(async () => {
      test = await startTestService(lane, { callbacks: { pollIntervalMs: 20 } });
      acme = await createTenant(test, "acme");
      globex = await createTenant(test, "globex");
    });
    afterAll(async () => test?.close());

    const post = async (
      body: string,
      options: { secret?: string; id?: string; timestampSeconds?: number; unsigned?: boolean } = {},
    ) => {
      counter += 1;
      const secret = options.secret ?? (await test.service.callbackSecret(acme.organizationId));
      const headers = options.unsigned
        ? {}
        : signRequest({
            secret,
            body,
            id: options.id ?? `msg_test_${counter}`,
            ...(options.timestampSeconds === undefined ? {} : { timestampSeconds: options.timestampSeconds }),
          });
      return test.call("/api/v1/callback", { body, headers: { ...headers, "content-type": "application/json" } });
    };
    // What the receiver recorded, read from its table: the API lists only those of runs in a token's scope (D106).
    const listed = async (organizationId: number) => {
      const rows = await withCallbackTables(test.service.store.db)
        .selectFrom("received_callbacks")
        .selectAll()
        .where("organization_id", "=", organizationId)
        .orderBy("id", "desc")
        .execute();
      const items = rows.map((row) => ({
        id: row.id,
        webhook_id: row.webhook_id,
        type: row.event_type,
        received_at: row.received_at,
        payload: JSON.parse(row.payload) as typeof ENVELOPE,
      }));
      return { items };
    };

    it("records the callbacks an instance sends to itself, under the sending organization", async () => {
      const { id } = await createWorkflow(test, acme.token, { callback_url: `${test.url}/api/v1/callback` });
      const response = await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      await waitForRun(test, acme.token, workflow_run_id);
      const sent = await eventually(
        () =>
          withCallbackTables(test.service.store.db)
            .selectFrom("callback_deliveries")
            .selectAll()
            .where("workflow_run_id", "=", workflow_run_id)
            .orderBy("id")
            .execute(),
        (rows) => rows.length === 2 && rows.every((row) => row.status === "delivered"),
      );
      expect(sent.map((row) => row.last_status)).toEqual([204, 204]);
      const page = await listed(acme.organizationId);
      const mine = page.items.filter((item) => item.payload.data.workflow_run_id === workflow_run_id);
      // Callbacks go out concurrently, so they may arrive in either order (D25 promises no order).
      expect(mine.map((item) => [item.type, item.webhook_id]).sort()).toEqual([
        ["workflow_run.completed", sent[1]?.webhook_id],
        ["workflow_run.output", sent[0]?.webhook_id],
      ]);
      expect((await listed(globex.organizationId)).items).toEqual([]);
    });

    it("answers 204 to a signed envelope and records it once, however often it is redelivered", async () => {
      const body = JSON.stringify(ENVELOPE);
      expect((await post(body, { id: "msg_again" })).status).toBe(204);
      expect((await post(body, { id: "msg_again" })).status).toBe(204);
      const matching = (await listed(acme.organizationId)).items.filter((item) => item.webhook_id === "msg_again");
      expect(matching).toEqual([
        {
          id: expect.any(Number),
          webhook_id: "msg_again",
          type: "workflow_run.failed",
          received_at: expect.any(String),
          payload: ENVELOPE,
        },
      ]);
    });

    it("records a callback under the organization whose secret signed it", async () => {
      const secret = await test.service.callbackSecret(globex.organizationId);
      expect((await post(JSON.stringify(ENVELOPE), { secret, id: "msg_globex" })).status).toBe(204);
      const ids = async (organizationId: number) => (await listed(organizationId)).items.map((item) => item.webhook_id);
      expect(await ids(globex.organizationId)).toContain("msg_globex");
      expect(await ids(acme.organizationId)).not.toContain("msg_globex");
    });

    it("answers 401 to an unsigned request, before looking at its body", async () => {
      for (const body of [JSON.stringify(ENVELOPE), "not json"]) {
        const response = await post(body, { unsigned: true });
        expect(response.status).toBe(401);
        expect((await readProblem(response)).detail).toMatch(/missing webhook-id header/);
      }
    });

    it("answers 401 to a signature by a secret no organization here holds", async () => {
      const response = await post(JSON.stringify(ENVELOPE), { secret: generateCallbackSecret(), id: "msg_forged" });
      expect(response.status).toBe(401);
      expect((await readProblem(response)).detail).toMatch(/no organization's secret matches/);
      expect((await listed(acme.organizationId)).items.map((item) => item.webhook_id)).not.toContain("msg_forged");
    });

    it("answers 401 to a timestamp more than five minutes old", async () => {
      const response = await post(JSON.stringify(ENVELOPE), { timestampSeconds: Math.floor(Date.now() / 1000) - 600 });
      expect(response.status).toBe(401);
      expect((await readProblem(response)).detail).toMatch(/too far from the current time/);
    });

    it("answers 400 naming the field to a signed body that is not a callback envelope", async () => {
      const response = await post(JSON.stringify({ ...ENVELOPE, type: "workflow_run.started" }));
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.code).toBe("invalid_request");
      expect(problem.errors?.map((error) => error.path)).toContain("/type");
    });

    it("records each message once, newest last", async () => {
      for (const id of ["msg_page_1", "msg_page_2", "msg_page_3"]) await post(JSON.stringify(ENVELOPE), { id });
      const ids = (await listed(acme.organizationId)).items.map((item) => item.webhook_id);
      expect(ids.slice(0, 3)).toEqual(["msg_page_3", "msg_page_2", "msg_page_1"]);
    });
  });
}
