import { signRequest } from "@adapterkit/client";
import { callbackSecretSchema, receivedCallbackPageSchema } from "@adapterkit/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
} from "../helpers/test-service.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "./callback-receiver.ts";

const ENVELOPE = {
  type: "workflow_run.failed",
  timestamp: "2030-01-01T00:00:00.000Z",
  data: { workflow_run_id: 5, workflow_id: 2, session_id: 5, trigger_id: null, status: "failed", error: "x" },
};

const ADMIN_TOKEN = "admin-token-for-the-callback-api-test";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`GET /api/v1/callbacks and the callback secret API (D25, D106) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let acmeOther: Tenant;
    let globex: Tenant;
    let acmeWorkflowToken: string;
    let receiver: CallbackReceiver;
    // Workflows whose callbacks go to this instance's own receiver, one run each: two in acme's main project (the
    // first with a workflow token), one in acme's other project.
    const workflows = { main: 0, sibling: 0, other: 0 };

    /** Runs a workflow once and waits until the receiver recorded both its callbacks. */
    const runToReceiver = async (token: string, workflowId: number) => {
      const response = await test.call("/api/v1/trigger", { token, json: { workflow_id: workflowId } });
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      await eventually(
        () =>
          withCallbackTables(test.service.store.db)
            .selectFrom("callback_deliveries")
            .select("status")
            .where("workflow_run_id", "=", workflow_run_id)
            .execute(),
        (rows) => rows.length === 2 && rows.every((row) => row.status === "delivered"),
      );
    };

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      test = await startTestService(lane, { callbacks: { pollIntervalMs: 20 }, adminToken: ADMIN_TOKEN });
      acme = await createTenant(test, "acme");
      acmeOther = await createTenant(test, "acme", "other");
      globex = await createTenant(test, "globex");
      const callback_url = `${test.url}/api/v1/callback`;
      workflows.main = (await createWorkflow(test, acme.token, { callback_url })).id;
      workflows.sibling = (await createWorkflow(test, acme.token, { callback_url })).id;
      workflows.other = (await createWorkflow(test, acmeOther.token, { callback_url })).id;
      acmeWorkflowToken = (await test.service.createToken({ organization: "acme", workflow: workflows.main })).token;
      await runToReceiver(acme.token, workflows.main);
      await runToReceiver(acme.token, workflows.sibling);
      await runToReceiver(acmeOther.token, workflows.other);
    });
    afterAll(async () => {
      await test?.close();
      await receiver?.close();
    });

    /** Posts a callback signed by an organization's secret to this instance's receiver. */
    const receive = async (organizationId: number, id: string) => {
      const body = JSON.stringify(ENVELOPE);
      const secret = await test.service.callbackSecret(organizationId);
      const headers = { ...signRequest({ secret, body, id }), "content-type": "application/json" };
      expect((await test.call("/api/v1/callback", { body, headers })).status).toBe(204);
    };
    const list = (token: string | undefined, query = "") => test.call(`/api/v1/callbacks${query}`, { token });
    const listedWorkflows = async (token: string) => {
      const page = receivedCallbackPageSchema.parse(await (await list(token, "?limit=100")).json());
      return [...new Set(page.items.map((item) => item.payload.data.workflow_id))].sort((a, b) => a - b);
    };
    const secretPath = (organizationId: number) => `/api/v1/admin/organizations/${organizationId}/callback-secret`;
    const readSecret = (token: string | undefined, organizationId = acme.organizationId) =>
      test.call(secretPath(organizationId), { token });
    const rotate = (token: string | undefined, organizationId = acme.organizationId) =>
      test.call(`${secretPath(organizationId)}/rotate`, { token, method: "POST" });

    it("lists a project token the callbacks of its project's runs only, and a workflow token its workflow's", async () => {
      expect(await listedWorkflows(acme.token)).toEqual([workflows.main, workflows.sibling]);
      expect(await listedWorkflows(acmeOther.token)).toEqual([workflows.other]);
      expect(await listedWorkflows(acmeWorkflowToken)).toEqual([workflows.main]);
      expect(await listedWorkflows(globex.token)).toEqual([]);
    });

    it("lists a signed notification that no run of this instance sent to no token at all", async () => {
      await receive(acme.organizationId, "msg_forged");
      for (const token of [acme.token, acmeOther.token, acmeWorkflowToken]) {
        const page = receivedCallbackPageSchema.parse(await (await list(token, "?limit=100")).json());
        expect(page.items.map((item) => item.webhook_id)).not.toContain("msg_forged");
      }
    });

    it("lists newest first, a page at a time", async () => {
      const all = receivedCallbackPageSchema.parse(await (await list(acme.token, "?limit=100")).json());
      expect(all.items).toHaveLength(4);
      const first = receivedCallbackPageSchema.parse(await (await list(acme.token, "?limit=3")).json());
      expect(first.items.map((item) => item.id)).toEqual(all.items.slice(0, 3).map((item) => item.id));
      const response = await list(acme.token, `?limit=3&cursor=${first.next_cursor}`);
      expect(response.status).toBe(200);
      const second = receivedCallbackPageSchema.parse(await response.json());
      expect(second.items.map((item) => item.id)).toEqual([all.items[3]?.id]);
      expect(second.next_cursor).toBeNull();
    });

    it("answers 400 naming the parameter for a bad limit or a cursor it did not issue", async () => {
      for (const [query, path] of [
        ["?limit=0", "limit"],
        ["?limit=101", "limit"],
        ["?cursor=***", "cursor"],
      ] as const) {
        const response = await list(acme.token, query);
        expect(response.status, query).toBe(400);
        const problem = await readProblem(response);
        expect(problem.code).toBe("invalid_request");
        expect(JSON.stringify(problem.errors)).toContain(path);
      }
    });

    it("answers 401 without a valid token on every callback endpoint", async () => {
      for (const call of [list, readSecret, rotate]) {
        for (const token of [undefined, "ak_not-a-token"]) {
          const response = await call(token);
          expect(response.status).toBe(401);
          expect((await readProblem(response)).code).toBe("unauthorized");
        }
      }
    });

    it("shows the admin an organization's signing secret, the one its callbacks are signed with", async () => {
      const response = await readSecret(ADMIN_TOKEN);
      expect(response.status).toBe(200);
      const shown = callbackSecretSchema.parse(await response.json());
      expect(shown).toMatchObject({ organization_id: acme.organizationId });
      expect(shown.secret).toBe(await test.service.callbackSecret(acme.organizationId));
      const other = callbackSecretSchema.parse(await (await readSecret(ADMIN_TOKEN, globex.organizationId)).json());
      expect(other.organization_id).toBe(globex.organizationId);
      expect(other.secret).not.toBe(shown.secret);
      expect((await readProblem(await readSecret(ADMIN_TOKEN, 999_999))).code).toBe("not_found");
    });

    it("refuses every API token the secret and its rotation, project tokens included, and changes nothing", async () => {
      const before = await test.service.callbackSecret(acme.organizationId);
      for (const call of [readSecret, rotate]) {
        for (const token of [acme.token, acmeOther.token, acmeWorkflowToken]) {
          const response = await call(token);
          expect(response.status).toBe(401);
          expect((await readProblem(response)).code).toBe("unauthorized");
        }
      }
      expect(await test.service.callbackSecret(acme.organizationId)).toBe(before);
    });

    it("rotates to a fresh secret that signs every later callback, beside the replaced one for a day", async () => {
      const old = callbackSecretSchema.parse(await (await readSecret(ADMIN_TOKEN)).json());
      const response = await rotate(ADMIN_TOKEN);
      expect(response.status).toBe(200);
      const rotated = callbackSecretSchema.parse(await response.json());
      expect(rotated.organization_id).toBe(acme.organizationId);
      expect(rotated.secret).not.toBe(old.secret);
      expect(Date.parse(rotated.created_at)).toBeGreaterThanOrEqual(Date.parse(old.created_at));
      expect(old.previous_secret_expires_at).toBeNull();
      expect(Date.parse(rotated.previous_secret_expires_at ?? "")).toBe(Date.parse(rotated.created_at) + 86_400_000);
      expect(callbackSecretSchema.parse(await (await readSecret(ADMIN_TOKEN)).json())).toEqual(rotated);

      receiver.answer(204);
      const { id } = await createWorkflow(test, acme.token, { callback_url: receiver.url });
      await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const [request] = await eventually(
        () => receiver.requests.filter((received) => JSON.parse(received.body).data.workflow_id === id),
        (requests) => requests.length > 0,
      );
      const headers = {
        "webhook-id": String(request?.headers["webhook-id"]),
        "webhook-timestamp": String(request?.headers["webhook-timestamp"]),
        "webhook-signature": String(request?.headers["webhook-signature"]),
      };
      // A receiver still on the old secret accepts it as well as one already on the new; a third secret does not.
      for (const secret of [rotated.secret, old.secret]) {
        expect(new Webhook(secret).verify(request?.body ?? "", headers)).toMatchObject({ data: { workflow_id: id } });
      }
      const stranger = await test.service.callbackSecret(globex.organizationId);
      expect(() => new Webhook(stranger).verify(request?.body ?? "", headers)).toThrow();
    });
  });
}
