import { type EndpointDef, SERVICE_ENDPOINTS } from "@adapterkit/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import {
  createTenant,
  createWebhookTrigger,
  createWorkflow,
  readJson,
  startTestService,
  type TestService,
} from "../helpers/test-service.ts";
import { anyBody, edgeBody, mutatedExample } from "./attack-bodies.ts";
import { contentType, extraHeaders, methodFor, pathValue, queryString } from "./attack-requests.ts";
import { createCaseCounter, RUNS_PER_TARGET } from "./case-counter.ts";
import { checkProperty, describeRequest } from "./check-property.ts";
import { guardLoopback } from "./loopback-guard.ts";
import { type RawAnswer, type RawRequest, sendRaw } from "./send-raw.ts";

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
}

function realParam(endpoint: EndpointDef, fixture: Fixture): string {
  const { path, id } = endpoint;
  if (path.includes("{token}")) return fixture.hookToken;
  if (path.startsWith("/api/v1/workflows/")) return String(fixture.workflowId);
  if (id === "delete-trigger") return String(fixture.spareTriggerId);
  if (path.startsWith("/api/v1/triggers/")) return String(fixture.scheduleTriggerId);
  if (path.startsWith("/api/v1/workflow-runs/")) return String(fixture.runId);
  if (path.startsWith("/api/v1/admin/tokens/")) return String(fixture.spareTokenId);
  if (path.startsWith("/api/v1/admin/organizations/")) return String(fixture.organizationId);
  return "1";
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
  const body = anyBody(mutatedExample(endpoint.request?.example ?? {}));
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

/** A request a client may send, with a body from the probe's findings: only the body and its content type vary. */
function validRequestWithEdgeBody(endpoint: EndpointDef, fixture: Fixture): fc.Arbitrary<RawRequest> {
  const path = endpoint.path.replace(/\{\w+\}/, realParam(endpoint, fixture));
  const token = endpoint.path.startsWith("/api/v1/admin/") ? ADMIN_TOKEN : fixture.projectToken;
  const auth: [string, Buffer][] = endpoint.security?.length ? [["authorization", Buffer.from(`Bearer ${token}`)]] : [];
  const types = fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain");
  return fc.tuple(edgeBody(endpoint.request?.example ?? {}), types).map(([body, type]) => ({
    method: endpoint.method,
    target: Buffer.from(path),
    headers: [...auth, ["content-type", Buffer.from(type)]],
    body,
  }));
}

/** Whether a request target's path has a `.` or `..` segment, plain or percent-encoded (D109 refuses them). */
function hasDotSegment(target: Buffer): boolean {
  const path = target.toString("latin1").split("?")[0] ?? "";
  return path
    .split(/[/\\]/)
    .map((segment) => segment.replace(/%2e/gi, "."))
    .some((segment) => segment === "." || segment === "..");
}

/**
 * No 5xx, ever; an error is problem+json, except node's own bare 400/431 for a request it cannot parse; a path with
 * dot segments is refused with 400 rather than resolved to another route (D109).
 */
function expectNoServerError(answer: RawAnswer, request: RawRequest): void {
  expect(answer.error, "the service answered").toBeUndefined();
  expect(answer.status, answer.body.slice(0, 300)).toBeLessThan(500);
  const status = answer.status ?? 0;
  // node answers a request it cannot parse (headers too large, say) itself, before any route: a bare 400 or 431.
  const bare = answer.contentType === undefined && answer.body === "" && (status === 400 || status === 431);
  if (hasDotSegment(request.target) && !bare) expect(status, "a path with dot segments").toBe(400);
  if (status < 400 || request.method === "HEAD") return;
  if (!bare) expect(answer.contentType).toBe("application/problem+json");
}

async function buildFixture(test: TestService): Promise<Fixture> {
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
    let fixture: Fixture;

    beforeAll(async () => {
      // No callback dispatcher: a fuzzed callback_url must not make this test call out.
      test = await startTestService(lane, { adminToken: ADMIN_TOKEN, callbacks: false });
      fixture = await buildFixture(test);
    });
    afterAll(async () => test?.close());

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
  });
}

describe("the service under generated requests", () => {
  it("opened no connection and looked up no name outside loopback", () => {
    expect(guard.refused).toEqual([]);
  });
});
