import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "../helpers/test-service.ts";
import { type CallbackReceiver, eventually, startCallbackReceiver } from "./callback-receiver.ts";

const FORBIDDEN = [
  "http://169.254.169.254/latest/meta-data/",
  "http://10.0.0.5/",
  "http://[::1]/",
  "http://0x7f.1/",
  "http://[::ffff:127.0.0.1]/",
  "http://metadata.google.internal/",
  "http://user:s3cr3t@example.com/hook",
];

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`callback_url and the outbound guard (A15) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let receiver: CallbackReceiver;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      // Loopback is not allowed here: the receiver on 127.0.0.1 must hear nothing.
      test = await startTestService(lane, { allowedHosts: [], callbacks: { pollIntervalMs: 20, timeoutMs: 300 } });
      acme = await createTenant(test, "acme");
    });
    afterAll(async () => {
      await test?.close();
      await receiver?.close();
    });

    it.each(
      FORBIDDEN,
    )("refuses %s as a workflow's or a trigger's callback_url with 400 naming the field", async (url) => {
      const { id } = await createWorkflow(test, acme.token);
      const { id: triggerId } = await createWebhookTrigger(test, acme.token, id);
      const attempts = [
        test.call("/api/v1/workflows", { token: acme.token, json: { name: "w", callback_url: url } }),
        test.call(`/api/v1/workflows/${id}`, { method: "PATCH", token: acme.token, json: { callback_url: url } }),
        test.call(`/api/v1/workflows/${id}/triggers`, {
          token: acme.token,
          json: { type: "webhook", name: "t", callback_url: url },
        }),
        test.call(`/api/v1/triggers/${triggerId}`, { method: "PATCH", token: acme.token, json: { callback_url: url } }),
      ];
      for (const response of await Promise.all(attempts)) {
        expect(response.status).toBe(400);
        const problem = await readProblem(response);
        expect(problem.errors?.[0]?.path).toBe("/callback_url");
        expect(problem.detail).not.toContain("s3cr3t");
      }
      const stored = await test.service.store.db.selectFrom("workflows").select("callback_url").execute();
      expect(stored.every((row) => row.callback_url === null)).toBe(true);
    });

    it("records a stored loopback callback_url as a refused attempt and sends nothing", async () => {
      const { id } = await createWorkflow(test, acme.token);
      // As a row written before the guard existed would be.
      await test.service.store.db
        .updateTable("workflows")
        .set({ callback_url: receiver.url })
        .where("id", "=", id)
        .execute();
      const response = await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      await waitForRun(test, acme.token, workflow_run_id);
      const rows = () =>
        withCallbackTables(test.service.store.db)
          .selectFrom("callback_deliveries")
          .selectAll()
          .where("workflow_run_id", "=", workflow_run_id)
          .execute();
      const settled = await eventually(
        rows,
        (found) => found.length > 0 && found.every((row) => row.last_error !== null),
      );
      for (const row of settled)
        expect(row.last_error).toMatch(/^refused: callback_url 127\.0\.0\.1 is not a public address/);
      expect(receiver.requests).toHaveLength(0);
      expect((await test.call("/healthz")).status).toBe(200);
    });

    it("never shows user:password@ of a stored callback_url", async () => {
      const { id } = await createWorkflow(test, acme.token);
      await test.service.store.db
        .updateTable("workflows")
        .set({ callback_url: "https://user:secret@example.com/hook" })
        .where("id", "=", id)
        .execute();
      const workflow = (await (await test.call(`/api/v1/workflows/${id}`, { token: acme.token })).json()) as {
        callback_url: string;
      };
      expect(workflow.callback_url).toBe("https://example.com/hook");
    });
  });
}
