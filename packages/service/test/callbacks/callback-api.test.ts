import { signRequest } from "@adapterkit/client";
import { callbackSecretSchema, receivedCallbackPageSchema } from "@adapterkit/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`GET /api/v1/callbacks and the callback secret API (D25) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let globex: Tenant;
    let acmeWorkflowToken: string;
    let receiver: CallbackReceiver;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      test = await startTestService(lane, { callbacks: { pollIntervalMs: 20 } });
      acme = await createTenant(test, "acme");
      globex = await createTenant(test, "globex");
      const { id } = await createWorkflow(test, acme.token);
      acmeWorkflowToken = (await test.service.createToken({ organization: "acme", workflow: id })).token;
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
    const readSecret = (token: string | undefined) => test.call("/api/v1/callback-secret", { token });
    const rotate = (token: string | undefined) =>
      test.call("/api/v1/callback-secret/rotate", { token, method: "POST" });

    it("lists the organization's received callbacks newest first, a page at a time", async () => {
      for (const id of ["msg_list_1", "msg_list_2", "msg_list_3"]) await receive(acme.organizationId, id);
      const first = receivedCallbackPageSchema.parse(await (await list(acme.token, "?limit=2")).json());
      expect(first.items.map((item) => item.webhook_id)).toEqual(["msg_list_3", "msg_list_2"]);
      expect(first.items[0]).toMatchObject({ type: "workflow_run.failed", payload: ENVELOPE });
      const response = await list(acme.token, `?limit=2&cursor=${first.next_cursor}`);
      expect(response.status).toBe(200);
      const second = receivedCallbackPageSchema.parse(await response.json());
      expect(second.items.map((item) => item.webhook_id)).toEqual(["msg_list_1"]);
      expect(second.next_cursor).toBeNull();
    });

    it("lists to any token of the organization and to no other organization", async () => {
      await receive(acme.organizationId, "msg_mine");
      const ofWorkflowToken = receivedCallbackPageSchema.parse(await (await list(acmeWorkflowToken)).json());
      expect(ofWorkflowToken.items.map((item) => item.webhook_id)).toContain("msg_mine");
      const ofGlobex = receivedCallbackPageSchema.parse(await (await list(globex.token)).json());
      expect(ofGlobex.items).toEqual([]);
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

    it("shows a project-scoped token its organization's signing secret, the one callbacks are signed with", async () => {
      const response = await readSecret(acme.token);
      expect(response.status).toBe(200);
      const shown = callbackSecretSchema.parse(await response.json());
      expect(shown).toMatchObject({ organization_id: acme.organizationId });
      expect(shown.secret).toBe(await test.service.callbackSecret(acme.organizationId));
      const other = callbackSecretSchema.parse(await (await readSecret(globex.token)).json());
      expect(other.organization_id).toBe(globex.organizationId);
      expect(other.secret).not.toBe(shown.secret);
    });

    it("refuses a workflow-scoped token the secret and its rotation with 403, and changes nothing", async () => {
      const before = await test.service.callbackSecret(acme.organizationId);
      for (const call of [readSecret, rotate]) {
        const response = await call(acmeWorkflowToken);
        expect(response.status).toBe(403);
        expect((await readProblem(response)).code).toBe("forbidden");
      }
      expect(await test.service.callbackSecret(acme.organizationId)).toBe(before);
    });

    it("rotates to a fresh secret that signs every later callback, beside the replaced one for a day", async () => {
      const old = callbackSecretSchema.parse(await (await readSecret(acme.token)).json());
      const response = await rotate(acme.token);
      expect(response.status).toBe(200);
      const rotated = callbackSecretSchema.parse(await response.json());
      expect(rotated.organization_id).toBe(acme.organizationId);
      expect(rotated.secret).not.toBe(old.secret);
      expect(Date.parse(rotated.created_at)).toBeGreaterThanOrEqual(Date.parse(old.created_at));
      expect(old.previous_secret_expires_at).toBeNull();
      expect(Date.parse(rotated.previous_secret_expires_at ?? "")).toBe(Date.parse(rotated.created_at) + 86_400_000);
      expect(callbackSecretSchema.parse(await (await readSecret(acme.token)).json())).toEqual(rotated);

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
      const stranger = callbackSecretSchema.parse(await (await readSecret(globex.token)).json()).secret;
      expect(() => new Webhook(stranger).verify(request?.body ?? "", headers)).toThrow();
    });
  });
}
