import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startTasksApp, type TasksApp } from "../helpers/tasks-app.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";

async function assertProblemOr(response: Response, allowed: readonly number[]): Promise<void> {
  expect(response.status).toBeLessThan(500);
  expect(allowed).toContain(response.status);
  if (response.status >= 400) expect(response.headers.get("content-type")).toBe("application/problem+json");
  await response.arrayBuffer();
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`fuzzed input on the OAuth endpoints (A6) ${lane.title}`, () => {
    let test: TestService;
    let tasksApp: TasksApp;
    let token: string;

    beforeAll(async () => {
      test = await startTestService(lane, {
        allowedHosts: ["127.0.0.1"],
        healthPolling: false,
        oauthRefresher: false,
        worker: false,
      });
      token = (await createTenant(test, "fuzz-oauth")).token;
      tasksApp = await startTasksApp(test, "fuzz-oauth");
    });
    afterAll(async () => {
      await test?.close();
      await tasksApp?.close();
    });

    const text = fc.string({ maxLength: 60 });

    it("never answers POST /api/v1/oauth/connect with a 500", async () => {
      const payload = fc.oneof(
        fc.json(),
        text,
        fc
          .record(
            {
              app: fc.oneof(fc.constant("tasks"), text, fc.anything()),
              credential_key: fc.oneof(fc.constant("tasks_oauth"), text, fc.anything()),
              client_id: fc.oneof(text, fc.anything()),
              client_secret: fc.oneof(text, fc.anything()),
            },
            { requiredKeys: [] },
          )
          .map((value) => JSON.stringify(value)),
      );
      await fc.assert(
        fc.asyncProperty(payload, async (body) => {
          const response = await test.call("/api/v1/oauth/connect", {
            method: "POST",
            body,
            token,
            headers: { "content-type": "application/json" },
          });
          await assertProblemOr(response, [200, 400, 404]);
        }),
        { numRuns: 120 },
      );
    });

    it("never answers GET /oauth/callback with anything but a 400 problem for made-up or mangled parameters", async () => {
      const started = await test.call("/api/v1/oauth/connect", {
        token,
        json: { app: "tasks", ...tasksApp.tasks.credentials },
      });
      const real = new URL(((await started.json()) as { authorize_url: string }).authorize_url).searchParams.get(
        "state",
      );
      const state = fc.oneof(
        fc.constant(real ?? ""),
        text,
        fc
          .constant(real ?? "")
          .chain((s) => fc.nat({ max: s.length }).map((at) => `${s.slice(0, at)}x${s.slice(at + 1)}`)),
      );
      const query = fc.record(
        { state, code: text, error: text, error_description: text, iss: text, other: text },
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          const search = new URLSearchParams(params as Record<string, string>).toString();
          const response = await fetch(`${test.url}/oauth/callback?${search}`);
          await assertProblemOr(response, [400]);
        }),
        { numRuns: 150 },
      );
    });

    it("never answers POST /api/v1/installations/{id}/verify with a 500 whatever the id", async () => {
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent), async (id) => {
          const response = await test.call(`/api/v1/installations/${id}/verify`, { method: "POST", token });
          await assertProblemOr(response, [400, 404, 405]);
        }),
        { numRuns: 80 },
      );
    });
  });
}
