import { type EndpointDef, SERVICE_ENDPOINTS } from "@adapterkit/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readJson,
  startTestService,
  type TestService,
} from "../helpers/test-service.ts";
import { type AppAdapters, startAppAdapters } from "./app-adapters.ts";
import { anyBody, edgeBody, edgeValueBodies, mutatedExample } from "./attack-bodies.ts";
import { contentType, EDGE_URL_VALUES, extraHeaders, methodFor, pathValue, queryString } from "./attack-requests.ts";
import { createCaseCounter, PROPERTY_TIMEOUT_MS, RUNS_PER_TARGET } from "./case-counter.ts";
import { checkProperty, describeRequest } from "./check-property.ts";
import { expectNoServerError } from "./expect-no-server-error.ts";
import { guardLoopback } from "./loopback-guard.ts";
import { refusedLookup } from "./refused-lookup.ts";
import { type RawRequest, sendRaw } from "./send-raw.ts";

vi.setConfig({ testTimeout: PROPERTY_TIMEOUT_MS });

const ADMIN_TOKEN = `admin-${"f".repeat(40)}`;
const counter = createCaseCounter("fuzz-service");

/** The real resources a fuzzed path may name; destructive routes get spares so the rest keep theirs. */
interface Fixture {
  readonly projectToken: string;
  readonly workflowToken: string;
  readonly workflowId: number;
  readonly hookToken: string;
  readonly scheduleTriggerId: number;
  readonly spareTriggerId: number;
  readonly runId: number;
  readonly spareTokenId: number;
  readonly organizationId: number;
  /** A registered App (on a loopback adapter) and its base URL, an installation of it and a spare one. */
  readonly appSlug: string;
  readonly appUrl: string;
  readonly installationId: string;
  readonly spareInstallationId: string;
  /** A tool server connected to the loopback stand-in (A13), and a spare for the delete route. */
  readonly toolServerId: number;
  readonly spareToolServerId: number;
}

/** Credentials the recorder accepts: an api_key and a multi-field text credential (the fuzz mutates them too). */
const CREDENTIALS = { recorder_token: "fuzz-token", recorder_server: { host: "mail.test", password: "fuzz-pw" } };

function realParam(endpoint: EndpointDef, fixture: Fixture): string {
  const { path, id } = endpoint;
  if (path.includes("{token}")) return fixture.hookToken;
  if (path.startsWith("/api/v1/workflows/")) return String(fixture.workflowId);
  if (id === "delete-trigger") return String(fixture.spareTriggerId);
  if (path.startsWith("/api/v1/triggers/")) return String(fixture.scheduleTriggerId);
  if (path.startsWith("/api/v1/workflow-runs/")) return String(fixture.runId);
  if (path.startsWith("/api/v1/admin/tokens/")) return String(fixture.spareTokenId);
  if (path.startsWith("/api/v1/admin/organizations/")) return String(fixture.organizationId);
  if (path.startsWith("/api/v1/apps/") || path.startsWith("/api/v1/admin/apps/")) return fixture.appSlug;
  if (id === "delete-installation") return fixture.spareInstallationId;
  if (path.startsWith("/api/v1/installations/")) return fixture.installationId;
  if (id === "delete-tool-server") return String(fixture.spareToolServerId);
  if (path.startsWith("/api/v1/tool-servers/")) return String(fixture.toolServerId);
  return "1";
}

/** The body a client would send: the contract's example, with the fixture's real adapter URL and App where it names them. */
function exampleOf(endpoint: EndpointDef, fixture: Fixture): unknown {
  if (endpoint.id === "preview-app" || endpoint.id === "register-app") return { base_url: fixture.appUrl };
  if (endpoint.id === "create-installation") return { app: fixture.appSlug, credentials: CREDENTIALS };
  return endpoint.request?.example ?? {};
}

function authorization(fixture: Fixture): fc.Arbitrary<[string, Buffer][]> {
  const bearer = (token: string): [string, Buffer] => ["authorization", Buffer.from(`Bearer ${token}`)];
  return fc.constantFrom(
    [bearer(fixture.projectToken)],
    [bearer(fixture.projectToken)],
    [bearer(fixture.workflowToken)],
    [bearer(ADMIN_TOKEN)],
    [],
    [bearer("ak_live_x")],
    [["authorization", Buffer.from("Basic YTpi")]],
    [bearer(fixture.projectToken), bearer(ADMIN_TOKEN)],
  );
}

/** Every part of a request to one endpoint, generated. */
function requestTo(endpoint: EndpointDef, fixture: Fixture): fc.Arbitrary<RawRequest> {
  const paths = endpoint.path.includes("{")
    ? pathValue(realParam(endpoint, fixture)).map((value) => endpoint.path.replace(/\{\w+\}/, value))
    : fc.constant(endpoint.path);
  const body = anyBody(mutatedExample(exampleOf(endpoint, fixture)));
  return fc
    .record({
      method: methodFor(endpoint.method),
      path: paths,
      query: queryString,
      auth: authorization(fixture),
      type: contentType,
      extra: extraHeaders,
      body: endpoint.request === undefined ? fc.option(body, { freq: 4 }).map((b) => b ?? null) : body,
    })
    .map(({ method, path, query, auth, type, extra, body }) => ({
      method,
      target: Buffer.from(`${path}${query}`, "latin1"),
      headers: [...auth, ...(type === null ? [] : [["content-type", Buffer.from(type)] as [string, Buffer]]), ...extra],
      body,
    }));
}

/** The header a client sends to an endpoint: the admin token on admin routes, the project token on the rest. */
function validAuth(endpoint: EndpointDef, fixture: Fixture): [string, Buffer][] {
  const token = endpoint.path.startsWith("/api/v1/admin/") ? ADMIN_TOKEN : fixture.projectToken;
  return endpoint.security?.length ? [["authorization", Buffer.from(`Bearer ${token}`)]] : [];
}

/** A request a client may send, with a body from the probe's findings: only the body and its content type vary. */
function validRequestWithEdgeBody(endpoint: EndpointDef, fixture: Fixture): fc.Arbitrary<RawRequest> {
  const path = endpoint.path.replace(/\{\w+\}/, realParam(endpoint, fixture));
  const auth = validAuth(endpoint, fixture);
  const types = fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain");
  return fc.tuple(edgeBody(exampleOf(endpoint, fixture)), types).map(([body, type]) => ({
    method: endpoint.method,
    target: Buffer.from(path),
    headers: [...auth, ["content-type", Buffer.from(type)]],
    body,
  }));
}

async function installFor(test: TestService, token: string, app: string): Promise<string> {
  const installed = await test.call("/api/v1/installations", { token, json: { app, credentials: CREDENTIALS } });
  if (installed.status !== 201) throw new Error(`install: ${installed.status} ${await installed.text()}`);
  return (await readJson<{ id: string }>(installed)).id;
}

async function connectTools(test: TestService, token: string, url: string): Promise<number> {
  const connected = await test.call("/api/v1/tool-servers", { token, json: { name: "fuzz-tools", url } });
  if (connected.status !== 201) throw new Error(`tool server: ${connected.status} ${await connected.text()}`);
  return (await readJson<{ id: number }>(connected)).id;
}

async function buildFixture(test: TestService, adapters: AppAdapters): Promise<Fixture> {
  const tenant = await createTenant(test, "fuzz");
  const workflowId = (await createWorkflow(test, tenant.token)).id;
  const hook = await createWebhookTrigger(test, tenant.token, workflowId);
  const spare = await createWebhookTrigger(test, tenant.token, workflowId, { name: "spare" });
  const schedule = await test.call(`/api/v1/workflows/${workflowId}/triggers`, {
    token: tenant.token,
    json: { type: "schedule", name: "hourly", schedule: "0 * * * *" },
  });
  const run = await test.call(hook.hookPath, { json: { hello: "world" } });
  const workflowToken = await test.service.createToken({ organization: "fuzz", workflow: workflowId });
  const spareToken = await test.service.createToken({ organization: "fuzz", project: "spare" });
  const appUrl = adapters.urlOf("fuzz-app");
  const registered = await test.call("/api/v1/apps", { token: tenant.token, json: { base_url: appUrl } });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${await registered.text()}`);
  return {
    projectToken: tenant.token,
    workflowToken: workflowToken.token,
    workflowId,
    hookToken: hook.hookToken,
    scheduleTriggerId: (await readJson<{ id: number }>(schedule)).id,
    spareTriggerId: spare.id,
    runId: (await readJson<{ workflow_run_id: number }>(run)).workflow_run_id,
    spareTokenId: spareToken.id,
    organizationId: tenant.organizationId,
    appSlug: "fuzz-app",
    appUrl,
    installationId: await installFor(test, tenant.token, "fuzz-app"),
    spareInstallationId: await installFor(test, tenant.token, "fuzz-app"),
    toolServerId: await connectTools(test, tenant.token, adapters.toolServerUrl),
    spareToolServerId: await connectTools(test, tenant.token, adapters.toolServerUrl),
  };
}

// A backstop: the service runs without its callback dispatcher, so nothing generated here may make it call out.
const guard = guardLoopback();
afterAll(() => {
  guard.restore();
  counter.report();
});

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`generated requests at every public endpoint ${lane.title}`, () => {
    let test: TestService;
    let adapters: AppAdapters;
    let fixture: Fixture;

    beforeAll(async () => {
      adapters = await startAppAdapters();
      // No callback dispatcher: a fuzzed callback_url must not make this test call out; every name a fuzzed adapter
      // URL holds resolves to an address the guard refuses.
      test = await startTestService(lane, {
        adminToken: ADMIN_TOKEN,
        callbacks: false,
        healthPolling: false,
        lookup: refusedLookup,
        adapterTimeouts: { manifest: 2_000, health: 2_000, verify: 2_000 },
      });
      fixture = await buildFixture(test, adapters);
    });
    afterAll(async () => {
      await test?.close();
      await adapters?.close();
    });

    it.each(SERVICE_ENDPOINTS.map((endpoint) => [endpoint.id, endpoint] as const))(
      "%s never answers 5xx, refuses dot segments with 400, and the service answers /healthz after",
      async (id, endpoint) => {
        await checkProperty(
          requestTo(endpoint, fixture),
          async (request) => {
            counter.add(id);
            expectNoServerError(await sendRaw(test.url, request), request);
          },
          { numRuns: RUNS_PER_TARGET, describe: describeRequest },
        );
        const health = await test.call("/healthz");
        expect(health.status).toBe(200);
        await health.arrayBuffer();
      },
      120_000,
    );

    it.each(
      SERVICE_ENDPOINTS.filter((endpoint) => "request" in endpoint).map((endpoint) => [endpoint.id, endpoint] as const),
    )(
      "%s answers deep, huge and non-UTF-8 bodies on a valid request with a 4xx or success, never 5xx",
      async (id, endpoint) => {
        await checkProperty(
          validRequestWithEdgeBody(endpoint, fixture),
          async (request) => {
            counter.add(`${id} (edge bodies)`);
            expectNoServerError(await sendRaw(test.url, request), request);
          },
          { numRuns: RUNS_PER_TARGET, describe: describeRequest },
        );
        const health = await test.call("/healthz");
        expect(health.status).toBe(200);
        await health.arrayBuffer();
      },
      120_000,
    );

    // Not generated: each path and query parameter the endpoint declares holding each edge value in turn, the rest of
    // the request valid.
    it.each(
      (SERVICE_ENDPOINTS as readonly EndpointDef[])
        .filter((endpoint) => endpoint.pathParameters ?? endpoint.query)
        .map((endpoint) => [endpoint.id, endpoint] as const),
    )(
      "%s never answers 5xx with an edge value in any path or query parameter",
      async (id, endpoint) => {
        // The first parameter's real value; a second one (a review's id) is 1.
        const [first] = /\{\w+\}/.exec(endpoint.path) ?? [];
        const filled = (path: string) =>
          (first === undefined ? path : path.replace(first, realParam(endpoint, fixture))).replace(/\{\w+\}/g, "1");
        const real = filled(endpoint.path);
        const targets = [
          ...Object.keys(endpoint.pathParameters ?? {}).flatMap((name) =>
            EDGE_URL_VALUES.map((value) => filled(endpoint.path.replace(`{${name}}`, value))),
          ),
          ...Object.keys(endpoint.query ?? {}).flatMap((name) =>
            EDGE_URL_VALUES.map((value) => `${real}?${name}=${value}`),
          ),
        ];
        const example =
          endpoint.request === undefined ? null : Buffer.from(JSON.stringify(exampleOf(endpoint, fixture)));
        const type: [string, Buffer][] = example === null ? [] : [["content-type", Buffer.from("application/json")]];
        for (const target of targets) {
          const request: RawRequest = {
            method: endpoint.method,
            target: Buffer.from(target, "latin1"),
            headers: [...validAuth(endpoint, fixture), ...type],
            body: example,
          };
          counter.add(`${id} (edge parameters)`);
          expectNoServerError(await sendRaw(test.url, request), request, target);
        }
      },
      120_000,
    );

    // Not generated: every field of the example holding each edge value in turn (see edgeValueBodies).
    it.each(
      SERVICE_ENDPOINTS.filter((endpoint) => "request" in endpoint).map((endpoint) => [endpoint.id, endpoint] as const),
    )(
      "%s never answers 5xx with an edge value in any field of a valid request",
      async (id, endpoint) => {
        const target = Buffer.from(endpoint.path.replace(/\{\w+\}/, realParam(endpoint, fixture)));
        for (const [what, body] of edgeValueBodies(exampleOf(endpoint, fixture), {
          schema: endpoint.request?.schema,
        })) {
          const headers: [string, Buffer][] = [
            ...validAuth(endpoint, fixture),
            ["content-type", Buffer.from("application/json")],
          ];
          const request: RawRequest = { method: endpoint.method, target, headers, body };
          counter.add(`${id} (edge values)`);
          expectNoServerError(await sendRaw(test.url, request), request, what);
        }
      },
      120_000,
    );
  });
}

describe("the service under generated requests", () => {
  it("opened no connection and looked up no name outside loopback", () => {
    expect(guard.refused).toEqual([]);
  });
});
