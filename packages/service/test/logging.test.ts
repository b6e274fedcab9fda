import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../src/index.ts";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  startTestService,
  type TestService,
} from "./helpers/test-service.ts";

const ADMIN = "admin-token-that-must-not-be-logged";

describe("request logs", () => {
  const lines: string[] = [];
  let test: TestService;

  beforeAll(async () => {
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    test = await startTestService(STORE_LANES[0] as (typeof STORE_LANES)[number], { logger, adminToken: ADMIN });
  });
  afterAll(async () => test?.close());

  it("writes one JSON line per request with the route pattern and no secret", async () => {
    const tenant = await createTenant(test, "acme");
    const workflow = await createWorkflow(test, tenant.token);
    const hook = await createWebhookTrigger(test, tenant.token, workflow.id);
    await test.call(hook.hookPath, { method: "POST", body: '{"card":"4111"}' });
    await test.call(`${hook.hookPath}/extra`, { method: "POST" });
    await test.call("/api/v1/trigger", { token: tenant.token, json: { workflow_id: workflow.id } });
    await test.call("/api/v1/admin/organizations", { token: ADMIN, json: { name: "x" } });
    await test.call("/api/v1/workflows", { token: `${tenant.token}x` });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requests = records.filter((record) => record.msg === "request");
    expect(requests.map((record) => record.route)).toEqual(
      expect.arrayContaining([
        "POST /api/v1/hooks/{token}",
        "POST /api/v1/trigger",
        "POST /api/v1/admin/organizations",
      ]),
    );
    expect(requests.every((record) => typeof record.status === "number" && typeof record.reqId === "string")).toBe(
      true,
    );
    const text = lines.join("\n");
    for (const secret of [tenant.token, tenant.token.slice(3), hook.hookToken, ADMIN, "4111"]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe("a client that goes away mid-request", () => {
  const lines: string[] = [];
  let test: TestService;

  beforeAll(async () => {
    const logger = createLogger("debug", { write: (line: string) => void lines.push(line) });
    test = await startTestService(STORE_LANES[0] as (typeof STORE_LANES)[number], { logger });
  });
  afterAll(async () => test?.close());

  it("is logged at debug level as the client's doing, not as an unhandled error", async () => {
    const tenant = await createTenant(test, "acme");
    const { port } = new URL(test.url);
    // Announces 1,000 bytes, sends 10 and hangs up.
    const socket = connect(Number(port), "127.0.0.1");
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      "POST /api/v1/workflows HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n" +
        `authorization: Bearer ${tenant.token}\r\ncontent-length: 1000\r\n\r\n{"name":"w`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    const records = () => lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    for (
      let attempt = 0;
      attempt < 100 && !records().some((record) => record.msg.includes("went away"));
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const goneAway = records().filter((record) => record.msg.includes("went away"));
    expect(goneAway.map((record) => record.level)).toEqual([20]);
    expect(records().filter((record) => record.level >= 50)).toEqual([]);
  });
});
