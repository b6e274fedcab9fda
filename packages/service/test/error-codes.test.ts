import { SERVICE_ERROR_STATUS, type ServiceErrorCode } from "@adapterkit/contract";
import { type AdapterServer, defineAdapter, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReferenceExecutor, type WorkflowExecutor } from "../src/index.ts";
import { type BrokenAdapter, startBrokenAdapter, unusedAdapterUrl } from "./helpers/broken-adapter.ts";
import { RECORDER_MANIFEST, type RecordingAdapter, startRecordingAdapter } from "./helpers/recording-adapter.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createWebhookTrigger,
  createWorkflow,
  readProblem,
  startTestService,
  type TestService,
} from "./helpers/test-service.ts";

// An executor that breaks on one workflow name, so a request can reach an unexpected error.
const reference = createReferenceExecutor();
const executor: WorkflowExecutor = {
  check(workflow, startStage) {
    if (workflow.name === "explodes") throw new Error("secret internals: ak_should_not_leak");
    return reference.check(workflow, startStage);
  },
  execute: (context) => reference.execute(context),
};

/** A channel App that receives, whose /verify-webhook fails: the platform is told to retry (A9: adapter 5xx → 503). */
const failingRelay = defineAdapter({
  manifest: { ...RECORDER_MANIFEST, slug: "relay", name: "Relay", capabilities: ["receive"] },
  verify: async () => ({ ok: true, user: "relay-bot" }),
  verifyWebhook: async () => {
    throw new Error("the relay's signature store is down");
  },
  parseInbound: async () => ({ ignored: true, reason: "never reached" }),
  deliver: async () => ({ ok: false, error: "never reached", retryable: false }),
  format: async ({ text }) => ({ text }),
});

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`public API error codes ${lane.title}`, () => {
    let test: TestService;
    let workflowId: number;
    let recorder: RecordingAdapter;
    let hanging: BrokenAdapter;
    let relay: AdapterServer;

    beforeAll(async () => {
      recorder = await startRecordingAdapter();
      hanging = await startBrokenAdapter("hang");
      const silent = pino({ level: "silent" });
      relay = await serve(failingRelay, { port: 0, host: "127.0.0.1", handleSignals: false, logger: silent });
      test = await startTestService(lane, {
        executor,
        rateLimit: { perSecond: 0.001, burst: 2 },
        allowedHosts: ["127.0.0.1"],
        adapterTimeouts: { manifest: 300 },
        healthPolling: false,
      });
      workflowId = (await createWorkflow(test, await mainToken())).id;
    });
    afterAll(async () => {
      await test?.close();
      await recorder?.close();
      await hanging?.close();
      await relay?.close();
    });

    // The limit allows two requests per token, so every call takes a fresh token of the main project.
    const mainToken = async () => (await test.service.createToken({ organization: "acme", project: "main" })).token;

    // The recorder installed with working credentials (registered once, by whichever scenario comes first).
    const installRecorder = async () => {
      await test.call("/api/v1/apps", { token: await mainToken(), json: { base_url: recorder.url } });
      const credentials = { recorder_token: "good", recorder_server: { host: "h", password: "p" } };
      const response = await test.call("/api/v1/installations", {
        token: await mainToken(),
        json: { app: "recorder", credentials },
      });
      return (await response.json()) as { id: string };
    };

    // One request per code; a code added to the contract's table fails to compile here until it has one.
    const scenarios: Record<ServiceErrorCode, () => Promise<Response>> = {
      invalid_request: async () => {
        const token = (await test.service.createToken({ organization: "acme", project: "p400" })).token;
        return test.call("/api/v1/trigger", { token, json: { workflow_id: "7" } });
      },
      unauthorized: () => test.call("/api/v1/trigger", { json: { workflow_id: workflowId } }),
      forbidden: async () => {
        const token = (await test.service.createToken({ organization: "acme", project: "p403" })).token;
        return test.call("/api/v1/trigger", { token, json: { workflow_id: workflowId } });
      },
      not_found: () => test.call(`/api/v1/hooks/${"x".repeat(43)}`, { method: "POST" }),
      method_not_allowed: () => test.call("/api/v1/workflows/1", { method: "DELETE" }),
      trigger_disabled: async () => {
        const hook = await createWebhookTrigger(test, await mainToken(), workflowId, { enabled: false });
        return test.call(hook.hookPath, { method: "POST" });
      },
      conflict: async () => {
        const prompting = await createWorkflow(test, await mainToken(), { prompt_for_task_description: true });
        return test.call(`/api/v1/workflows/${prompting.id}/triggers`, {
          token: await mainToken(),
          json: { type: "webhook", name: "x" },
        });
      },
      gone: async () => {
        const { id } = await installRecorder();
        await test.call(`/api/v1/installations/${id}`, { token: await mainToken(), method: "DELETE" });
        return test.call(`/api/v1/apps/${id}/inbound`, { body: "{}" });
      },
      payload_too_large: () =>
        test.call(`/api/v1/hooks/${"y".repeat(43)}`, { method: "POST", body: "x".repeat(2 ** 21) }),
      workflow_not_startable: async () => {
        const empty = await createWorkflow(test, await mainToken(), { stages: [] });
        return test.call("/api/v1/trigger", { token: await mainToken(), json: { workflow_id: empty.id } });
      },
      idempotency_key_reused: async () => {
        const hook = await createWebhookTrigger(test, await mainToken(), workflowId);
        const headers = { "idempotency-key": "k" };
        await test.call(hook.hookPath, { method: "POST", body: "a", headers });
        return test.call(hook.hookPath, { method: "POST", body: "b", headers });
      },
      rate_limited: async () => {
        const token = (await test.service.createToken({ organization: "acme", project: "p429" })).token;
        await test.call("/api/v1/workflows", { token });
        await test.call("/api/v1/workflows", { token });
        return test.call("/api/v1/workflows", { token });
      },
      verification_failed: async () => {
        await test.call("/api/v1/apps", { token: await mainToken(), json: { base_url: recorder.url } });
        const credentials = { recorder_token: "bad", recorder_server: { host: "h", password: "p" } };
        return test.call("/api/v1/installations", { token: await mainToken(), json: { app: "recorder", credentials } });
      },
      adapter_failed: async () =>
        test.call("/api/v1/apps/preview", { token: await mainToken(), json: { base_url: await unusedAdapterUrl() } }),
      adapter_timeout: async () =>
        test.call("/api/v1/apps/preview", { token: await mainToken(), json: { base_url: hanging.url } }),
      adapter_unavailable: async () => {
        await test.call("/api/v1/apps", { token: await mainToken(), json: { base_url: relay.url } });
        const credentials = { recorder_token: "good", recorder_server: { host: "h", password: "p" } };
        const installed = await test.call("/api/v1/installations", {
          token: await mainToken(),
          json: { app: "relay", credentials },
        });
        const { id } = (await installed.json()) as { id: string };
        return test.call(`/api/v1/apps/${id}/inbound`, { body: "{}" });
      },
      tool_server_failed: async () =>
        test.call("/api/v1/tool-servers", {
          token: await mainToken(),
          json: { name: "Down", url: `${await unusedAdapterUrl()}/mcp` },
        }),
      internal_error: async () => {
        const broken = await createWorkflow(test, await mainToken(), { name: "explodes" });
        return test.call("/api/v1/trigger", { token: await mainToken(), json: { workflow_id: broken.id } });
      },
    };

    it.each(
      Object.keys(scenarios) as ServiceErrorCode[],
    )("answers %s as problem+json with its status", async (code) => {
      const response = await scenarios[code]();
      expect(response.status).toBe(SERVICE_ERROR_STATUS[code]);
      const problem = await readProblem(response);
      expect(problem).toMatchObject({
        code,
        status: SERVICE_ERROR_STATUS[code],
        type: `urn:adapterkit:problem:${code}`,
      });
      expect(problem.detail.length).toBeGreaterThan(0);
    });

    it("never leaks an internal error's message or stack, and gives a request id to quote", async () => {
      const response = await scenarios.internal_error();
      const text = await response.text();
      expect(text).not.toContain("secret internals");
      expect(text).not.toContain("at ");
      expect(text).toContain(response.headers.get("x-request-id") ?? "missing");
    });

    it("says when to retry after a 429", async () => {
      const response = await scenarios.rate_limited();
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    });
  });
}
