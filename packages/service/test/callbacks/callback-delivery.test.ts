import { callbackEnvelopeSchema } from "@adapterkit/contract";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withCallbackTables } from "../../src/callbacks/callback-tables.ts";
import { verifyCallbackSignature } from "../../src/callbacks/verify-callback-signature.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "../helpers/test-service.ts";
import { type CallbackReceiver, eventually, type ReceivedRequest, startCallbackReceiver } from "./callback-receiver.ts";

const FAIL = [{ name: "boom", action: "fail", params: { message: "stage exploded" } }];
const SECOND = 1000;

function signatureHeaders(request: ReceivedRequest): Record<string, string> {
  const pick = (name: string) => String(request.headers[name] ?? "");
  return {
    "webhook-id": pick("webhook-id"),
    "webhook-timestamp": pick("webhook-timestamp"),
    "webhook-signature": pick("webhook-signature"),
  };
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`callback delivery (D25) ${lane.title}`, () => {
    // The clock stands still unless a test moves it, so retries become due exactly when a test says so.
    const clock = { ms: Date.now() };
    let test: TestService;
    let acme: Tenant;
    let receiver: CallbackReceiver;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      test = await startTestService(lane, {
        now: () => new Date(clock.ms),
        callbacks: { pollIntervalMs: 20, timeoutMs: 300 },
      });
      acme = await createTenant(test, "acme");
    });
    afterAll(async () => {
      await test?.close();
      await receiver?.close();
    });

    const run = async (workflow: Record<string, unknown>) => {
      const { id } = await createWorkflow(test, acme.token, workflow);
      const response = await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      await waitForRun(test, acme.token, workflow_run_id);
      return workflow_run_id;
    };
    const rows = (runId: number) =>
      withCallbackTables(test.service.store.db)
        .selectFrom("callback_deliveries")
        .selectAll()
        .where("workflow_run_id", "=", runId)
        .orderBy("id")
        .execute();
    const requestsFor = (runId: number) =>
      receiver.requests.filter((request) => JSON.parse(request.body).data.workflow_run_id === runId);
    // An attempt in flight holds its row until the lease ends (time-out + 30 s); a recorded outcome moves that.
    const settled = (runId: number, attempts: number) =>
      eventually(
        async () => (await rows(runId))[0],
        (row) => row?.attempts === attempts && row.next_attempt_at !== new Date(clock.ms + 30_300).toISOString(),
      );

    it("sends output and completed callbacks that the standardwebhooks package verifies", async () => {
      receiver.answer(204);
      const runId = await run({ callback_url: receiver.url });
      const received = await eventually(
        () => requestsFor(runId),
        (list) => list.length === 2,
      );
      const webhook = new Webhook(await test.service.callbackSecret(acme.organizationId));
      const envelopes = received.map((request) => webhook.verify(request.body, signatureHeaders(request)));
      const parsed = envelopes.map((envelope) => callbackEnvelopeSchema.parse(envelope));
      expect(parsed.map((envelope) => envelope.type).sort()).toEqual(["workflow_run.completed", "workflow_run.output"]);
      expect(parsed.find((envelope) => envelope.type === "workflow_run.completed")).toMatchObject({
        data: { workflow_run_id: runId, status: "completed", trigger_id: null },
      });
      expect(received[0]?.headers["content-type"]).toBe("application/json");
      const [output] = received;
      const stranger = new Webhook(
        await test.service.callbackSecret((await createTenant(test, "other")).organizationId),
      );
      expect(() => stranger.verify(output?.body ?? "", signatureHeaders(output as ReceivedRequest))).toThrow();
      expect((await rows(runId)).map((row) => row.status)).toEqual(["delivered", "delivered"]);
    });

    it("sends workflow_run.failed with the error", async () => {
      receiver.answer(200);
      const runId = await run({ stages: FAIL, callback_url: receiver.url });
      const [request] = await eventually(
        () => requestsFor(runId),
        (list) => list.length === 1,
      );
      expect(JSON.parse(request?.body ?? "")).toMatchObject({
        type: "workflow_run.failed",
        data: { workflow_run_id: runId, status: "failed", error: "stage exploded" },
      });
    });

    it("sends to the trigger's callback_url over the workflow's, and writes nothing without one", async () => {
      const other = await startCallbackReceiver();
      try {
        const { id } = await createWorkflow(test, acme.token, { stages: FAIL, callback_url: receiver.url });
        const overriding = await createWebhookTrigger(test, acme.token, id, { callback_url: other.url });
        const inheriting = await createWebhookTrigger(test, acme.token, id, { name: "plain" });
        const fire = async (path: string) => {
          const response = await test.call(path, { method: "POST" });
          return ((await response.json()) as { workflow_run_id: number }).workflow_run_id;
        };
        const viaOverride = await fire(overriding.hookPath);
        const viaWorkflow = await fire(inheriting.hookPath);
        await waitForRun(test, acme.token, viaOverride);
        await waitForRun(test, acme.token, viaWorkflow);
        expect((await rows(viaOverride)).map((row) => row.url)).toEqual([other.url]);
        expect((await rows(viaWorkflow)).map((row) => row.url)).toEqual([receiver.url]);
        const silent = await run({ stages: FAIL });
        expect(await rows(silent)).toEqual([]);
      } finally {
        await other.close();
      }
    });

    it("retries a receiver that fails three times, then delivers once with the same webhook-id", async () => {
      receiver.answer(500, 503, 404, 204);
      const runId = await run({ stages: FAIL, callback_url: receiver.url });
      const start = clock.ms;
      for (const [attempt, wait] of [
        [1, 5],
        [2, 30],
        [3, 120],
      ] as const) {
        const row = await settled(runId, attempt);
        expect(row).toMatchObject({
          status: "pending",
          next_attempt_at: new Date(clock.ms + wait * SECOND).toISOString(),
        });
        clock.ms += wait * SECOND;
      }
      const delivered = await eventually(
        async () => (await rows(runId))[0],
        (row) => row?.status === "delivered",
      );
      expect(delivered).toMatchObject({ attempts: 4, last_status: 204, next_attempt_at: null });
      const attempts = requestsFor(runId);
      expect(attempts.map((request) => request.status)).toEqual([500, 503, 404, 204]);
      expect(new Set(attempts.map((request) => request.headers["webhook-id"]))).toEqual(
        new Set([delivered?.webhook_id]),
      );
      // Each attempt is signed afresh at its own time, and verifies at that time.
      const secret = await test.service.callbackSecret(acme.organizationId);
      const times = attempts.map(
        (request) =>
          verifyCallbackSignature({
            headers: request.headers,
            body: Buffer.from(request.body),
            secret,
            now: new Date(Number(request.headers["webhook-timestamp"]) * 1000),
          }).timestamp,
      );
      expect(times.map((seconds) => seconds - Math.floor(start / 1000))).toEqual([0, 5, 35, 155]);
    });

    it("stops at 410 Gone", async () => {
      receiver.answer(410);
      const runId = await run({ stages: FAIL, callback_url: receiver.url });
      const row = await eventually(
        async () => (await rows(runId))[0],
        (found) => found?.status !== "pending",
      );
      expect(row).toMatchObject({ status: "gone", attempts: 1, last_status: 410, next_attempt_at: null });
    });

    it("dead-letters after the ninth failed attempt", async () => {
      receiver.answer(500);
      const runId = await run({ stages: FAIL, callback_url: receiver.url });
      for (const [index, wait] of [5, 30, 120, 600, 1800, 3600, 10_800, 21_600].entries()) {
        await settled(runId, index + 1);
        clock.ms += wait * SECOND;
      }
      const row = await eventually(
        async () => (await rows(runId))[0],
        (found) => found?.status !== "pending",
      );
      expect(row).toMatchObject({ status: "dead", attempts: 9, last_status: 500, next_attempt_at: null });
      expect(requestsFor(runId)).toHaveLength(9);
    });

    it("counts a time-out, a redirect and a refused connection as failed attempts", async () => {
      const closed = await startCallbackReceiver();
      await closed.close();
      receiver.answer("hang");
      const hanging = await run({ stages: FAIL, callback_url: receiver.url });
      expect(await settled(hanging, 1)).toMatchObject({ status: "pending", last_error: "timed out after 300 ms" });
      receiver.answer(302);
      const redirected = await run({ stages: FAIL, callback_url: receiver.url });
      expect(await settled(redirected, 1)).toMatchObject({ status: "pending", last_status: 302 });
      const refused = await run({ stages: FAIL, callback_url: closed.url });
      expect((await settled(refused, 1))?.last_error).toMatch(/ECONNREFUSED/);
    });
  });
}
