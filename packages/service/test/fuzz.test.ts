import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  startTestService,
  type TestService,
} from "./helpers/test-service.ts";

const printable = fc.string({
  unit: fc.constantFrom(..." !\"#$%&'()*+,-./0123456789:;<=>?@AZaz[\\]^_`{|}~"),
  maxLength: 40,
});
const contentType = fc.option(
  fc.constantFrom(
    "application/json",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/octet-stream",
    "*/*",
  ),
);
const body = fc.oneof(
  fc.json(),
  fc.string(),
  fc.uint8Array({ maxLength: 512 }),
  fc.jsonValue().map((value) => JSON.stringify({ workflow_id: value })),
  fc
    .record({ workflow_id: fc.oneof(fc.integer(), fc.double(), fc.string()), extra: fc.anything() })
    .map((value) => JSON.stringify(value)),
  fc.constant(""),
);

async function assertNoServerError(response: Response, allowed: readonly number[]): Promise<void> {
  expect(response.status).toBeLessThan(500);
  expect(allowed).toContain(response.status);
  if (response.status >= 400) expect(response.headers.get("content-type")).toBe("application/problem+json");
  await response.arrayBuffer();
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`fuzzed bodies on the public endpoints ${lane.title}`, () => {
    let test: TestService;
    let token: string;
    let workflowId: number;
    let hookToken: string;

    beforeAll(async () => {
      test = await startTestService(lane, { worker: false });
      const tenant = await createTenant(test, "fuzz");
      token = tenant.token;
      workflowId = (await createWorkflow(test, token)).id;
      hookToken = (await createWebhookTrigger(test, token, workflowId)).hookToken;
    });
    afterAll(async () => test?.close());

    it("never answers POST /api/v1/trigger with a 500", async () => {
      const triggerBody = fc.oneof(body, fc.constant(JSON.stringify({ workflow_id: workflowId })));
      await fc.assert(
        fc.asyncProperty(triggerBody, contentType, fc.boolean(), async (payload, type, withToken) => {
          const headers: Record<string, string> = type === null ? {} : { "content-type": type };
          const response = await test.call("/api/v1/trigger", {
            method: "POST",
            body: payload,
            headers,
            ...(withToken ? { token } : {}),
          });
          await assertNoServerError(response, [201, 400, 401, 404]);
        }),
        { numRuns: 150 },
      );
    });

    it("never answers POST /api/v1/hooks/:token with a 500", async () => {
      const tokenArbitrary = fc.oneof(
        fc.constant(hookToken),
        fc.string({ minLength: 1, maxLength: 60 }).map(encodeURIComponent),
        fc.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      );
      await fc.assert(
        fc.asyncProperty(tokenArbitrary, body, contentType, fc.option(printable), async (hook, payload, type, key) => {
          const headers: Record<string, string> = {
            ...(type === null ? {} : { "content-type": type }),
            ...(key === null ? {} : { "idempotency-key": key }),
          };
          const response = await test.call(`/api/v1/hooks/${hook}`, { method: "POST", body: payload, headers });
          await assertNoServerError(response, [201, 400, 404, 422]);
        }),
        { numRuns: 150 },
      );
    });
  });
}
