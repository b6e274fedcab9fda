import { isIP } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readJson, startTestService, type TestService } from "../helpers/test-service.ts";
import { type AppAdapters, startAppAdapters } from "./app-adapters.ts";
import { createCaseCounter, PROPERTY_TIMEOUT_MS, RUNS_PER_TARGET } from "./case-counter.ts";
import { checkProperty, describeRequest } from "./check-property.ts";
import { expectNoServerError } from "./expect-no-server-error.ts";
import { guardLoopback } from "./loopback-guard.ts";
import { refusedLookup } from "./refused-lookup.ts";
import { type RawAnswer, type RawRequest, sendRaw } from "./send-raw.ts";

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

// What the generic route fuzz (fuzz-service) cannot generate: adapter base URLs in every form the outbound guard must
// judge (A15), and install bodies shaped like the manifest's credentials (A5). Paths, queries, headers and the
// other App bodies are fuzzed there, around a real App and installation.
const ADMIN_TOKEN = `admin-${"a".repeat(40)}`;
const SLUG = "fuzz-apps";
const counter = createCaseCounter("fuzz-apps");

/** Hosts: names (resolved by the refusing lookup), forbidden literals in their odd forms, and the allowed loopback. */
const host = fc.oneof(
  fc.constantFrom(
    ...["adapter.example", "localhost", "x.localhost", "metadata.google.internal", "LOCALHOST.", "a..b", ""],
    ...["169.254.169.254", "10.0.0.5", "0x7f.1", "2130706433", "0177.0.0.1", "127.1", "0", "100.64.0.1"],
    ...["224.0.0.1", "255.255.255.255", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:a9fe:a9fe]", "[fd00::1]"],
    ...["[64:ff9b::a00:1]", "[::]", "[fe80::1%25eth0]", "127.0.0.1", "127.0.0.1"],
  ),
  fc.domain(),
);

const APP_PATHS = [`/${SLUG}`, `/${SLUG}`, `/${SLUG}/`, `/${SLUG}?x=1`, `/${SLUG}#f`, "", "/", "/%2e%2e/x"];
const TOOL_PATHS = ["/mcp", "/mcp", "/mcp/", "/mcp?x=1", "/mcp#f", "", "/", "/%2e%2e/mcp"];

function baseUrl(ports: readonly number[], paths: readonly string[] = APP_PATHS): fc.Arbitrary<unknown> {
  const url = fc
    .tuple(
      fc.constantFrom("http", "http", "https", "HTTP", "ftp", "file", "javascript", "ws", "data"),
      fc.constantFrom("", "", "", "user:pw@", "user@", ":@", "a%40b@"),
      host,
      fc.constantFrom("", ":0", ":1", ":65535", ":99999", ":-1", ...ports.map((port) => `:${port}`)),
      fc.oneof(fc.constantFrom(...paths), fc.webPath()),
    )
    .map(([scheme, userinfo, name, port, path]) => `${scheme}://${userinfo}${name}${port}${path}`);
  return fc.oneof(
    { weight: 6, arbitrary: url },
    { weight: 1, arbitrary: fc.webUrl() },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
}

/** The host a base URL names after WHATWG parsing, or undefined when it is no http(s) URL. */
function hostOf(value: unknown): string | undefined {
  if (typeof value !== "string" || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  return url.protocol === "http:" || url.protocol === "https:" ? url.hostname : undefined;
}

/**
 * Besides no 5xx of the service's own: a name is refused (400: every name resolves to a refused address), and a 502
 * or 504 is the adapter's (or the tool server's) problem (D121), only from the one allowed host, where the fuzz
 * reaches real loopback ports.
 */
function expectGuarded(answer: RawAnswer, request: RawRequest, value: unknown, called = "adapter"): void {
  const name = hostOf(value);
  const status = answer.status ?? 0;
  if (name !== undefined && name !== "" && isIP(name.replace(/^\[|\]$/g, "")) === 0) {
    expect(status, `a name (${name}) resolves to a refused address: ${answer.body.slice(0, 200)}`).toBe(400);
  }
  if (status !== 502 && status !== 504) {
    expectNoServerError(answer, request);
    return;
  }
  expect(name, `${called === "adapter" ? "an adapter" : "a tool server"} was called only at the allowed host`).toBe(
    "127.0.0.1",
  );
  expect(answer.contentType).toBe("application/problem+json");
  const due = called === "adapter" ? (status === 502 ? "adapter_failed" : "adapter_timeout") : "tool_server_failed";
  expect((JSON.parse(answer.body) as { code: string }).code).toBe(due);
}

const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom("bad", "", "\u0000", "\ud800", "x".repeat(9_000), "t"),
  fc.anything({ maxDepth: 2 }),
);
const serverFields = fc.dictionary(fc.constantFrom("host", "password", "port", "user", "", "__proto__"), fieldValue, {
  maxKeys: 4,
});

/** Install bodies shaped like the recorder's credentials: keys and fields present, missing, extra, or wrong. */
function installBody(projectId: number): fc.Arbitrary<Buffer> {
  const credentials = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record(
        {
          recorder_token: fc.oneof(fieldValue, fc.dictionary(fc.constantFrom("token", "value", "x"), fieldValue)),
          recorder_server: fc.oneof(serverFields, fieldValue),
          other: fieldValue,
        },
        { requiredKeys: [] },
      ),
    },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
  );
  const app = fc.oneof(
    fc.constant(SLUG),
    fc.constant(SLUG),
    fc.string({ maxLength: 10 }),
    fc.anything({ maxDepth: 1 }),
  );
  const project = fc.oneof(fc.constant(projectId), fc.integer(), fc.anything({ maxDepth: 1 }));
  return fc
    .record({ app, project_id: project, credentials }, { requiredKeys: ["app"] })
    .map((body) => Buffer.from(JSON.stringify(body) ?? "null"));
}

/** Tool server headers: a bearer, reserved names, names and values that are no HTTP header, too many. */
const toolHeaders: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({ Authorization: "Bearer fuzz" }),
  fc.dictionary(
    fc.oneof(
      fc.constantFrom(
        "Authorization",
        "X-Api-Key",
        "Host",
        "Content-Length",
        "mcp-session-id",
        "",
        "a b",
        "é",
        "x\r\ny",
      ),
      fc.string({ maxLength: 12 }),
    ),
    fc.oneof(fc.constantFrom("Bearer t", "", "a\r\nb", "\u0000", "é", "x".repeat(5_000)), fc.string({ maxLength: 20 })),
    { maxKeys: 25 },
  ),
  fc.anything({ maxDepth: 1 }),
);

/** Fixtures files: near-valid ones (credentials sets, templates, inbound samples) mutated, and any JSON or bytes. */
function fixturesBody(): fc.Arbitrary<Buffer> {
  const template = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.constantFrom("{{platform_url}}", "{{credentials.good.token}}", "{{#if x}}", "{{nonce}", "{{> p}}", "{{json x}}"),
  );
  const credentialSet = fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(template, fc.anything({ maxDepth: 1 })));
  const nearValid = fc.record(
    {
      credentials: fc.record({ good: credentialSet, bad: credentialSet }, { requiredKeys: [] }),
      channel_address: template,
      inbound: fc.anything({ maxDepth: 3 }),
      platform: fc.anything({ maxDepth: 3 }),
      performance: fc.record({ p95_budget_ms: fc.oneof(fc.integer(), fc.double(), fc.string()) }),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 4, arbitrary: nearValid.map((value) => Buffer.from(JSON.stringify(value))) },
    { weight: 1, arbitrary: fc.anything({ maxDepth: 3 }).map((value) => Buffer.from(JSON.stringify(value) ?? "")) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
  );
}

function post(path: string, token: string, body: Buffer): RawRequest {
  return {
    method: "POST",
    target: Buffer.from(path),
    headers: [
      ["authorization", `Bearer ${token}`],
      ["content-type", "application/json"],
    ],
    body,
  };
}

const guard = guardLoopback();
afterAll(() => {
  guard.restore();
  counter.report();
});

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`generated adapter URLs and install bodies at the App endpoints ${lane.title}`, () => {
    let test: TestService;
    let adapters: AppAdapters;
    let token: string;
    let projectId: number;
    let ports: number[];

    beforeAll(async () => {
      adapters = await startAppAdapters();
      test = await startTestService(lane, {
        adminToken: ADMIN_TOKEN,
        callbacks: false,
        healthPolling: false,
        lookup: refusedLookup,
        adapterTimeouts: { manifest: 2_000, health: 2_000, verify: 2_000 },
      });
      ({ token, projectId } = await createTenant(test, "fuzz-apps"));
      const registered = await test.call("/api/v1/apps", { token, json: { base_url: adapters.urlOf(SLUG) } });
      expect(registered.status).toBe(201);
      ports = [new URL(adapters.urlOf(SLUG)).port, new URL(test.url).port].map(Number);
    });
    afterAll(async () => {
      await test?.close();
      await adapters?.close();
    });

    // Found by the generic fuzz: a slug holding NUL made PostgreSQL refuse the query, answered 500.
    it("answers 404 for an App path whose slug is no slug (NUL, bytes that are not UTF-8)", async () => {
      for (const slug of ["%00", "a%00b", "%ff", "caf%C3%A9"]) {
        for (const [method, path] of [
          ["GET", `/api/v1/apps/${slug}`],
          ["POST", `/api/v1/apps/${slug}/refresh`],
          ["POST", `/api/v1/apps/${slug}/submit`],
          ["GET", `/api/v1/apps/${slug}/reviews`],
          ["GET", `/api/v1/apps/${slug}/reviews/1`],
          ["GET", `/api/v1/apps/${slug}/reviews/1/report`],
          ["GET", `/api/v1/apps/${slug}/fixtures`],
          ["PUT", `/api/v1/apps/${slug}/fixtures`],
          ["GET", `/api/v1/apps/${slug}/signing-secret`],
          ["POST", `/api/v1/apps/${slug}/signing-secret/rotate`],
        ] as const) {
          expect((await test.call(path, { method, token })).status, `${method} ${path}`).toBe(404);
        }
        const review = await test.call(`/api/v1/admin/apps/${slug}/review`, {
          token: ADMIN_TOKEN,
          json: { passed: true },
        });
        expect(review.status, `review ${slug}`).toBe(404);
      }
    });

    it.each([
      ["preview-app", "/api/v1/apps/preview"],
      ["register-app", "/api/v1/apps"],
    ])(
      "%s judges every generated base URL with the guard: names refused, no 5xx of its own",
      async (id, path) => {
        await checkProperty(
          baseUrl(ports).map((value) => ({
            value,
            request: post(path, token, Buffer.from(JSON.stringify({ base_url: value }) ?? "null")),
          })),
          async ({ value, request }) => {
            counter.add(`${id} (base URLs)`);
            expectGuarded(await sendRaw(test.url, request), request, value);
          },
          { numRuns: RUNS_PER_TARGET, describe: ({ request }) => describeRequest(request) },
        );
      },
      120_000,
    );

    it("create-tool-server judges every generated URL with the guard and refuses bad headers: no 5xx of its own", async () => {
      const toolPorts = [...ports, Number(new URL(adapters.toolServerUrl).port)];
      await checkProperty(
        fc.record({ url: baseUrl(toolPorts, TOOL_PATHS), headers: fc.option(toolHeaders) }).map(({ url, headers }) => ({
          value: url,
          request: post(
            "/api/v1/tool-servers",
            token,
            Buffer.from(
              JSON.stringify({ name: "fuzz-tools", url, ...(headers === null ? {} : { headers }) }) ?? "null",
            ),
          ),
        })),
        async ({ value, request }) => {
          counter.add("create-tool-server (URLs and headers)");
          expectGuarded(await sendRaw(test.url, request), request, value, "tool server");
        },
        { numRuns: RUNS_PER_TARGET, describe: ({ request }) => describeRequest(request) },
      );
    });

    it("put-app-fixtures answers generated fixtures files with 200 or a 400 naming the problem, never 5xx", async () => {
      await checkProperty(
        fixturesBody().map((body) => ({ ...post(`/api/v1/apps/${SLUG}/fixtures`, token, body), method: "PUT" })),
        async (request) => {
          counter.add("put-app-fixtures (fixtures files)");
          const answer = await sendRaw(test.url, request);
          expectNoServerError(answer, request);
          expect([200, 400, 413], answer.body.slice(0, 300)).toContain(answer.status);
          if (answer.status === 400) expect(JSON.parse(answer.body).errors?.[0]?.path).toBeTypeOf("string");
        },
        { numRuns: RUNS_PER_TARGET, describe: describeRequest },
      );
    });

    it("create-installation answers generated credentials with a 4xx or 201, never 5xx", async () => {
      await checkProperty(
        installBody(projectId).map((body) => post("/api/v1/installations", token, body)),
        async (request) => {
          counter.add("create-installation (credentials)");
          const answer = await sendRaw(test.url, request);
          expectNoServerError(answer, request);
          expect([201, 400, 403, 404, 413, 422], answer.body.slice(0, 300)).toContain(answer.status);
        },
        { numRuns: RUNS_PER_TARGET, describe: describeRequest },
      );
      const health = await readJson<{ status: string }>(await test.call("/healthz"));
      expect(health.status).toBeDefined();
    });
  });
}

describe("the App endpoints under generated requests", () => {
  it("opened no connection and looked up no name outside loopback", () => {
    expect(guard.refused).toEqual([]);
  });
});
