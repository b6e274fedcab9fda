import type { CallbackDeliveryJson } from "@adapterkit/contract";
import { callbackDeliveryListSchema, callbackDeliverySchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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
import { type CallbackReceiver, eventually, startCallbackReceiver } from "./callback-receiver.ts";

// One failing stage, so a run makes exactly one callback (workflow_run.failed).
const FAIL = [{ name: "boom", action: "fail", params: { message: "stage exploded" } }];

/** The problem of an answer, which must have this status. */
async function expectProblem(response: Response, status: number) {
  expect(response.status).toBe(status);
  return readProblem(response);
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`callback attempts and resend (D510–D515) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let other: Tenant;
    let receiver: CallbackReceiver;

    beforeAll(async () => {
      receiver = await startCallbackReceiver();
      // No waits between retries, and three of them: the fourth failure is the dead letter.
      test = await startTestService(lane, {
        logLevel: "error",
        callbacks: { pollIntervalMs: 20, timeoutMs: 2000, retryDelaysMs: [0, 0, 0] },
      });
      acme = await createTenant(test, "acme");
      other = await createTenant(test, "other");
    });
    afterAll(async () => {
      await test?.close();
      await receiver?.close();
    });

    const runFailing = async () => {
      const { id } = await createWorkflow(test, acme.token, { stages: FAIL, callback_url: receiver.url });
      const response = await test.call("/api/v1/trigger", { token: acme.token, json: { workflow_id: id } });
      const { workflow_run_id } = (await response.json()) as { workflow_run_id: number };
      await waitForRun(test, acme.token, workflow_run_id);
      return workflow_run_id;
    };
    const listOf = async (runId: number, token = acme.token) => {
      const response = await test.call(`/api/v1/workflow-runs/${runId}/callbacks`, { token });
      expect(response.status).toBe(200);
      return callbackDeliveryListSchema.parse(await response.json()).items;
    };
    const finished = (runId: number, count = 1) =>
      eventually(
        () => listOf(runId),
        (items) => items.length === count && items.every((item) => item.status !== "pending"),
      );
    const resend = (id: number, headers: Record<string, string> = {}, token = acme.token) =>
      test.call(`/api/v1/callback-deliveries/${id}/resend`, { token, method: "POST", headers });

    it("shows four attempts with their statuses for a URL that answers 500 three times and then 200", async () => {
      receiver.answer(500, 500, 500, 200);
      const runId = await runFailing();
      const [delivery] = await finished(runId);
      expect(delivery?.status).toBe("delivered");
      expect(delivery?.attempt_count).toBe(4);
      expect(delivery?.attempts.map((attempt) => [attempt.attempt, attempt.http_status, attempt.outcome])).toEqual([
        [1, 500, "pending"],
        [2, 500, "pending"],
        [3, 500, "pending"],
        [4, 200, "delivered"],
      ]);
      expect(delivery?.attempts.map((attempt) => attempt.error_class)).toEqual([
        "http_status",
        "http_status",
        "http_status",
        null,
      ]);
      expect(delivery?.attempts[0]?.next_attempt_at).not.toBeNull();
      expect(delivery?.attempts[3]?.next_attempt_at).toBeNull();
    });

    it("keeps a bounded excerpt of the answer with secrets redacted", async () => {
      const secret = "sk_live_abcdefghijklmnopqrstuvwxyz";
      receiver.answerBody(`{"token":"${secret}","echo":"Authorization: Bearer ${secret}","pad":"${"x".repeat(3000)}"}`);
      receiver.answer(200);
      try {
        const runId = await runFailing();
        const [delivery] = await finished(runId);
        const attempt = delivery?.attempts[0];
        expect(attempt?.response_excerpt).toContain('"token":"[redacted]"');
        expect(attempt?.response_excerpt).not.toContain(secret);
        expect(Buffer.byteLength(attempt?.response_excerpt ?? "")).toBeLessThanOrEqual(1024);
        expect(attempt?.excerpt_truncated).toBe(true);
      } finally {
        receiver.answerBody("");
      }
    });

    it("resends a dead callback as a new delivery that is delivered", async () => {
      receiver.answer(500);
      const runId = await runFailing();
      const [dead] = await finished(runId);
      expect(dead?.status).toBe("dead");
      expect(dead?.attempts.map((attempt) => attempt.http_status)).toEqual([500, 500, 500, 500]);
      receiver.answer(200);
      const response = await resend(dead?.id ?? 0);
      expect(response.status).toBe(201);
      const created = callbackDeliverySchema.parse(await response.json());
      expect(response.headers.get("location")).toBe(`/api/v1/callback-deliveries/${created.id}`);
      expect(created).toMatchObject({ status: "pending", resent_from: dead?.id, url: receiver.url });
      expect(created.webhook_id).not.toBe(dead?.webhook_id);
      const items = await finished(runId, 2);
      const again = items.find((item) => item.id === created.id) as CallbackDeliveryJson;
      expect(again.status).toBe("delivered");
      expect(again.attempts.map((attempt) => attempt.http_status)).toEqual([200]);
      const one = await test.call(`/api/v1/callback-deliveries/${created.id}`, { token: acme.token });
      expect(callbackDeliverySchema.parse(await one.json()).status).toBe("delivered");
    });

    it("makes one delivery for a resend sent twice with one Idempotency-Key", async () => {
      receiver.answer(200);
      const runId = await runFailing();
      const [delivered] = await finished(runId);
      const first = await resend(delivered?.id ?? 0, { "idempotency-key": "resend-once" });
      const second = await resend(delivered?.id ?? 0, { "idempotency-key": "resend-once" });
      expect([first.status, second.status]).toEqual([201, 201]);
      expect(second.headers.get("idempotent-replayed")).toBe("true");
      const [a, b] = [(await first.json()) as { id: number }, (await second.json()) as { id: number }];
      expect(b.id).toBe(a.id);
      const items = await finished(runId, 2);
      expect(items.filter((item) => item.resent_from === delivered?.id)).toHaveLength(1);
      const third = await resend(delivered?.id ?? 0, { "idempotency-key": "another-key" });
      expect(third.status).toBe(201);
      expect(((await third.json()) as { id: number }).id).not.toBe(a.id);
    });

    it("records a 410 as gone and refuses to resend it with 409", async () => {
      receiver.answer(410);
      const runId = await runFailing();
      const [gone] = await finished(runId);
      expect(gone?.status).toBe("gone");
      expect(gone?.attempts.map((attempt) => [attempt.http_status, attempt.error_class, attempt.outcome])).toEqual([
        [410, "http_status", "gone"],
      ]);
      const problem = await expectProblem(await resend(gone?.id ?? 0), 409);
      expect(problem.detail).toContain("410 Gone");
    });

    it("refuses to resend a pending callback with 409", async () => {
      receiver.answer("hang");
      const runId = await runFailing();
      const [pending] = await eventually(
        () => listOf(runId),
        (items) => items.length === 1,
      );
      const problem = await expectProblem(await resend(pending?.id ?? 0), 409);
      expect(problem.code).toBe("conflict");
      receiver.answer(200);
    });

    it("answers 404 to another organization and for an unknown id, and 400 for a malformed key", async () => {
      receiver.answer(200);
      const runId = await runFailing();
      const [delivery] = await finished(runId);
      const id = delivery?.id ?? 0;
      await expectProblem(await test.call(`/api/v1/callback-deliveries/${id}`, { token: other.token }), 404);
      await expectProblem(await test.call(`/api/v1/workflow-runs/${runId}/callbacks`, { token: other.token }), 404);
      await expectProblem(await resend(id, {}, other.token), 404);
      await expectProblem(await test.call("/api/v1/callback-deliveries/999999", { token: acme.token }), 404);
      await expectProblem(await test.call("/api/v1/callback-deliveries/abc", { token: acme.token }), 404);
      const bad = await expectProblem(await resend(id, { "idempotency-key": "has space" }), 400);
      expect(bad.detail).toContain("Idempotency-Key");
      expect((await listOf(runId)).length).toBe(1);
    });
  });
}
