import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readProblem,
  startTestService,
  type TestService,
} from "./helpers/test-service.ts";

const sqlite = STORE_LANES[0] as (typeof STORE_LANES)[number];

describe("per-token rate limits", () => {
  let test: TestService;

  beforeAll(async () => {
    // A bucket of three that refills one request every 1000 s: nothing refills while the test runs.
    test = await startTestService(sqlite, { rateLimit: { perSecond: 0.001, burst: 3 } });
  });
  afterAll(async () => test?.close());

  it("answers 429 with Retry-After once a token's burst is spent, and other tokens still pass", async () => {
    const first = await createTenant(test, "one");
    const second = await test.service.createToken({ organization: "one", project: "main" });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await test.call("/api/v1/workflows", { token: first.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await test.call("/api/v1/workflows", { token: first.token });
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await readProblem(limited)).code).toBe("rate_limited");
    expect((await test.call("/api/v1/workflows", { token: second.token })).status).toBe(200);
  });

  it("limits each webhook URL on its own", async () => {
    const tenant = await createTenant(test, "two");
    const workflow = await createWorkflow(test, tenant.token);
    const a = await createWebhookTrigger(test, tenant.token, workflow.id);
    const b = await createWebhookTrigger(test, tenant.token, workflow.id);
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await test.call(a.hookPath, { method: "POST" })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    expect((await test.call(b.hookPath, { method: "POST" })).status).toBe(201);
  });

  it("does not count requests without a valid token against anyone", async () => {
    const tenant = await createTenant(test, "three");
    for (let i = 0; i < 5; i += 1) expect((await test.call("/api/v1/workflows", { token: "bad" })).status).toBe(401);
    expect((await test.call("/api/v1/workflows", { token: tenant.token })).status).toBe(200);
  });
});
