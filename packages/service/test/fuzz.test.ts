import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InboundWorld, inboundPath, startInboundWorld } from "./helpers/inbound-world.ts";
import { type RecordingAdapter, startRecordingAdapter } from "./helpers/recording-adapter.ts";
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

/** Every name resolves to a private address the guard refuses, so no fuzzed URL reaches beyond this machine. */
const refusedLookup = ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (options.all) callback(null, [{ address: "10.0.0.1", family: 4 }]);
  else callback(null, "10.0.0.1", 4);
}) as unknown as typeof import("node:dns").lookup;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`fuzzed bodies on the App endpoints (A1, A4, A5) ${lane.title}`, () => {
    const ADMIN = "admin-token-for-fuzzing-apps-012345";
    let test: TestService;
    let token: string;
    let adapter: RecordingAdapter;
    let installationId: string;

    beforeAll(async () => {
      adapter = await startRecordingAdapter();
      test = await startTestService(lane, {
        worker: false,
        healthPolling: false,
        adminToken: ADMIN,
        allowedHosts: ["127.0.0.1"],
        lookup: refusedLookup,
        adapterTimeouts: { manifest: 500, health: 500, verify: 500 },
      });
      token = (await createTenant(test, "fuzz-apps")).token;
      expect((await test.call("/api/v1/apps", { token, json: { base_url: adapter.url } })).status).toBe(201);
      const credentials = { recorder_token: "t", recorder_server: { host: "h", password: "p" } };
      const installed = await test.call("/api/v1/installations", { token, json: { app: "recorder", credentials } });
      installationId = ((await installed.json()) as { id: string }).id;
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    const baseUrl = fc.oneof(
      fc.constantFrom("http://adapter.example/x", "ftp://x/y", "http://10.0.0.1/x", "http://[::1]/x", "http://0/x"),
      fc.string({ maxLength: 40 }),
      fc.anything(),
    );
    const jsonBody = (values: fc.Arbitrary<unknown>) =>
      fc.oneof(
        body,
        values.map((value) => JSON.stringify(value)),
      );

    it("never answers preview or register with a 500", async () => {
      const registerBody = jsonBody(fc.record({ base_url: baseUrl }, { requiredKeys: [] }));
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("/api/v1/apps/preview", "/api/v1/apps"),
          registerBody,
          async (path, payload) => {
            const response = await test.call(path, {
              method: "POST",
              body: payload,
              token,
              headers: { "content-type": "application/json" },
            });
            await assertNoServerError(response, [200, 400, 409, 502]);
          },
        ),
        { numRuns: 100 },
      );
    });

    it("never answers an install with a 500", async () => {
      const credential = fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.dictionary(printable, fc.oneof(fc.string(), fc.anything())),
        fc.anything(),
      );
      const installBody = jsonBody(
        fc.record(
          {
            app: fc.oneof(fc.constant("recorder"), fc.string({ maxLength: 10 }), fc.anything()),
            project_id: fc.oneof(fc.integer(), fc.anything()),
            credentials: fc.oneof(
              fc.dictionary(fc.constantFrom("recorder_token", "recorder_server", "other"), credential),
              fc.anything(),
            ),
          },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(installBody, async (payload) => {
          const response = await test.call("/api/v1/installations", {
            method: "POST",
            body: payload,
            token,
            headers: { "content-type": "application/json" },
          });
          await assertNoServerError(response, [201, 400, 403, 404, 422]);
        }),
        { numRuns: 120 },
      );
    });

    it("never answers the installation, App and review paths with a 500 whatever the id, slug or body", async () => {
      const id = fc.oneof(
        fc.constant(installationId),
        fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
      );
      const slug = fc.oneof(
        fc.constant("recorder"),
        fc.string({ minLength: 1, maxLength: 70 }).map(encodeURIComponent),
      );
      const request = fc.oneof(
        fc.tuple(
          fc.constant("PATCH"),
          id.map((i) => `/api/v1/installations/${i}`),
          jsonBody(fc.record({ front_desk: fc.anything() })),
        ),
        fc.tuple(
          fc.constantFrom("GET", "DELETE"),
          id.map((i) => `/api/v1/installations/${i}`),
          fc.constant(""),
        ),
        fc.tuple(
          fc.constant("GET"),
          printable.map((q) => `/api/v1/installations?include_uninstalled=${encodeURIComponent(q)}`),
          fc.constant(""),
        ),
        fc.tuple(
          fc.constant("GET"),
          slug.map((s) => `/api/v1/apps/${s}`),
          fc.constant(""),
        ),
        fc.tuple(
          fc.constant("POST"),
          fc
            .constantFrom("submit", "refresh", "signing-secret/rotate")
            .chain((action) => slug.map((s) => `/api/v1/apps/${s}/${action}`)),
          fc.constant(""),
        ),
        fc.tuple(
          fc.constant("GET"),
          fc.oneof(
            slug.map((s) => `/api/v1/apps/${s}/signing-secret`),
            fc.constantFrom("/api/v1/apps", "/api/v1/credentials"),
          ),
          fc.constant(""),
        ),
        fc.tuple(
          fc.constant("POST"),
          slug.map((s) => `/api/v1/admin/apps/${s}/review`),
          jsonBody(fc.record({ passed: fc.anything(), report: fc.anything() })),
        ),
      );
      await fc.assert(
        fc.asyncProperty(request, async ([method, path, payload]) => {
          const auth = path.includes("/admin/") ? ADMIN : token;
          const init = payload === "" ? {} : { body: payload, headers: { "content-type": "application/json" } };
          const response = await test.call(path, { method, token: auth, ...init });
          await assertNoServerError(response, [200, 400, 404, 409]);
        }),
        { numRuns: 150 },
      );
    });
  });
}

const headerName = fc.oneof(
  fc.constantFrom(
    "x-slack-signature",
    "x-slack-request-timestamp",
    "x-slack-retry-num",
    "webhook-id",
    "webhook-timestamp",
    "webhook-signature",
    "content-type",
    "x-adapterkit-bot",
  ),
  fc.stringMatching(/^x-[a-z0-9-]{1,20}$/),
);
const headerValue = fc.oneof(
  printable,
  fc.constantFrom("v0=00", "v1,AAAA", "0", "-1", "99999999999", "whsec_x", "application/json"),
);
const inboundBody = fc.oneof(
  body,
  fc.record({ type: fc.constantFrom("url_verification", "event_callback", "order.created"), challenge: fc.anything() }),
  fc.record({ type: fc.constant("event_callback"), event_id: fc.string(), event: fc.anything() }),
  fc.record({ sender: fc.anything(), message: fc.anything(), type: fc.anything() }),
);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`fuzzed deliveries on the inbound endpoint (A9) ${lane.title}`, () => {
    let world: InboundWorld;

    beforeAll(async () => {
      world = await startInboundWorld(lane, { worker: false });
    });
    afterAll(async () => world?.close());

    it("never answers with a 500 whatever the id, headers, query or body", async () => {
      const ids = fc.oneof(
        fc.constantFrom(world.installations.chat.id, world.installations.webhook.id),
        fc.constant("inst_AAAAAAAAAAAAAAAAAAAAAA"),
        printable.map((text) => encodeURIComponent(text)),
      );
      await fc.assert(
        fc.asyncProperty(
          ids,
          fc.dictionary(headerName, headerValue, { maxKeys: 5 }),
          inboundBody,
          printable,
          async (id, headers, payload, query) => {
            const text =
              typeof payload === "object" && !(payload instanceof Uint8Array) ? JSON.stringify(payload) : payload;
            const response = await world.test.call(`/api/v1/apps/${id}/inbound?${encodeURIComponent(query)}`, {
              method: "POST",
              body: text ?? "",
              headers,
            });
            await assertNoServerError(response, [200, 400, 401, 404, 405, 413]);
          },
        ),
        { numRuns: 120 },
      );
    });

    it("never answers a correctly signed delivery of any body with a 5xx", async () => {
      const url = `${world.test.url}${inboundPath(world.installations.webhook)}`;
      await fc.assert(
        fc.asyncProperty(inboundBody, async (payload) => {
          const text =
            typeof payload === "object" && !(payload instanceof Uint8Array) ? JSON.stringify(payload) : payload;
          const sent = await world.webhook.sender.post(url, text ?? "");
          expect([200, 400, 413], `${sent.status} ${sent.body}`).toContain(sent.status);
        }),
        { numRuns: 80 },
      );
    });
  });
}
