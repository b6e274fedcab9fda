import { createService, type Service, type ServiceOptions } from "../../src/index.ts";
import type { StoreLane, StoreLocation } from "./store-lanes.ts";

/** A service listening on a free port over one lane's fresh database. */
export interface TestService {
  readonly service: Service;
  readonly url: string;
  readonly location: StoreLocation;
  /** Calls the service; JSON bodies are serialised, and `token` becomes a bearer header. */
  call(path: string, init?: CallInit): Promise<Response>;
  close(): Promise<void>;
}

/** A request to the test service. */
export interface CallInit {
  readonly method?: string;
  readonly token?: string | undefined;
  readonly json?: unknown;
  readonly body?: string | Uint8Array;
  readonly headers?: Record<string, string>;
}

/**
 * Starts a real service (port 0) on a fresh SQLite dir or PostgreSQL schema; quiet logs, no rate limit, and callbacks
 * allowed to reach 127.0.0.1 (where tests run their receivers; pass `allowedHosts: []` to see the A15 guard refuse),
 * no review worker (pass `reviews: {…}` to run submitted reviews).
 */
export async function startTestService(lane: StoreLane, options: ServiceOptions = {}): Promise<TestService> {
  const location = await lane.allocate();
  const service = await createService({
    logLevel: "silent",
    rateLimit: false,
    worker: { pollIntervalMs: 50 },
    allowedHosts: ["127.0.0.1"],
    // A2's worker runs the whole conformance suite for every submit; tests of the review flow turn it on.
    reviews: false,
    ...location.options,
    ...options,
  });
  const url = await service.listen(0, "127.0.0.1");
  return {
    service,
    url,
    location,
    call(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
      const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
      if (init.json !== undefined) headers["content-type"] ??= "application/json";
      return fetch(`${url}${path}`, {
        method: init.method ?? (body === undefined ? "GET" : "POST"),
        headers,
        ...(body === undefined ? {} : { body }),
      });
    },
    async close() {
      await service.close();
      await location.dispose();
    },
  };
}

/** An organization with one project and a project-scoped token. */
export interface Tenant {
  readonly organizationId: number;
  readonly projectId: number;
  readonly token: string;
}

/** Creates an organization (by name) with a project and a token for it. */
export async function createTenant(test: TestService, organization: string, project = "main"): Promise<Tenant> {
  const created = await test.service.createToken({ organization, project });
  return { organizationId: created.organization_id, projectId: created.project_id ?? 0, token: created.token };
}

/** Creates a workflow through the API and returns its JSON. */
export async function createWorkflow(
  test: TestService,
  token: string,
  body: Record<string, unknown> = {},
): Promise<{ id: number; project_id: number }> {
  const response = await test.call("/api/v1/workflows", {
    token,
    json: { name: "wf", stages: [{ name: "echo", action: "echo" }], ...body },
  });
  if (response.status !== 201) throw new Error(`workflow create: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; project_id: number };
}

/** Creates a webhook trigger through the API; returns its id, URL and token. */
export async function createWebhookTrigger(
  test: TestService,
  token: string,
  workflowId: number,
  body: Record<string, unknown> = {},
): Promise<{ id: number; webhook_url: string; hookToken: string; hookPath: string }> {
  const response = await test.call(`/api/v1/workflows/${workflowId}/triggers`, {
    token,
    json: { type: "webhook", name: "hook", ...body },
  });
  if (response.status !== 201) throw new Error(`trigger create: ${response.status} ${await response.text()}`);
  const trigger = (await response.json()) as { id: number; webhook_url: string };
  const hookToken = trigger.webhook_url.split("/").pop() ?? "";
  return { ...trigger, hookToken, hookPath: `/api/v1/hooks/${hookToken}` };
}

/** Polls a run until it leaves queued/running (the worker is asynchronous). */
export async function waitForRun(
  test: TestService,
  token: string,
  runId: number,
): Promise<Record<string, unknown> & { status: string }> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const response = await test.call(`/api/v1/workflow-runs/${runId}`, { token });
    const run = (await response.json()) as Record<string, unknown> & { status: string };
    if (run.status === "completed" || run.status === "failed") return run;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`run ${runId} did not finish`);
}

/** Reads a problem+json answer, checking its media type and status. */
export async function readProblem(response: Response): Promise<{
  code: string;
  detail: string;
  status: number;
  type: string;
  errors?: { path: string; message: string }[];
}> {
  const type = response.headers.get("content-type");
  if (type !== "application/problem+json")
    throw new Error(`expected problem+json, got ${type}: ${await response.text()}`);
  return (await response.json()) as { code: string; detail: string; status: number; type: string };
}

/** Reads a JSON answer as the shape a test expects. */
export async function readJson<T = { items: Record<string, unknown>[] }>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/**
 * A new service instance over a location another one used (after it closed): a restart, as an operator's. Closing
 * it disposes the location, as startTestService's does.
 */
export async function reopenTestService(location: StoreLocation, options: ServiceOptions = {}): Promise<TestService> {
  return startTestService({ name: "sqlite", skip: false, title: "reopened", allocate: async () => location }, options);
}
