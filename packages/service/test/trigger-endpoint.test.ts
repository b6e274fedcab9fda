import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import {
  createTenant,
  createWorkflow,
  readProblem,
  startTestService,
  type Tenant,
  type TestService,
  waitForRun,
} from "./helpers/test-service.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`POST /api/v1/trigger (D13) ${lane.title}`, () => {
    let test: TestService;
    let acme: Tenant;
    let other: Tenant;
    let workflowId: number;
    let otherProjectWorkflowId: number;
    let foreignWorkflowId: number;

    beforeAll(async () => {
      test = await startTestService(lane);
      acme = await createTenant(test, "acme");
      other = await createTenant(test, "globex");
      workflowId = (await createWorkflow(test, acme.token)).id;
      const sibling = await test.service.createToken({ organization: "acme", project: "sibling" });
      otherProjectWorkflowId = (await createWorkflow(test, sibling.token)).id;
      foreignWorkflowId = (await createWorkflow(test, other.token)).id;
    });
    afterAll(async () => test?.close());

    const trigger = (body: unknown, token?: string) =>
      test.call("/api/v1/trigger", { token, body: typeof body === "string" ? body : JSON.stringify(body) });

    it("starts a run: 201 with workflow_run_id, session_id and a Location", async () => {
      const response = await trigger({ workflow_id: workflowId }, acme.token);
      expect(response.status).toBe(201);
      const body = (await response.json()) as { workflow_run_id: number; session_id: number };
      expect(Object.keys(body).sort()).toEqual(["session_id", "workflow_run_id"]);
      expect(response.headers.get("location")).toBe(`/api/v1/workflow-runs/${body.workflow_run_id}`);
      const run = await waitForRun(test, acme.token, body.workflow_run_id);
      expect(run).toMatchObject({ status: "completed", source: "api", session_id: body.session_id, input: null });
    });

    it("answers 401 without a token, with a malformed one, and with an unknown one", async () => {
      for (const token of [undefined, "nope", `ak_${"A".repeat(43)}`]) {
        const response = await trigger({ workflow_id: workflowId }, token);
        expect(response.status).toBe(401);
        expect((await readProblem(response)).code).toBe("unauthorized");
        expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      }
    });

    it("checks the token before the body (401 before 400)", async () => {
      const response = await trigger("not json", "nope");
      expect(response.status).toBe(401);
    });

    it.each([
      ["a non-JSON body", "{oops", "body"],
      ["an empty body", "", "body"],
      ["an array", [1], "body"],
      ["a string id", { workflow_id: "1" }, "workflow_id"],
      ["a zero id", { workflow_id: 0 }, "workflow_id"],
      ["a fractional id", { workflow_id: 1.5 }, "workflow_id"],
      ["a missing id", {}, "workflow_id"],
    ])("answers 400 for %s, naming the field", async (_, body, field) => {
      const response = await trigger(body, acme.token);
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.code).toBe("invalid_request");
      expect(problem.detail.startsWith(field)).toBe(true);
    });

    it("rejects any field besides workflow_id and names it", async () => {
      const response = await trigger({ workflow_id: workflowId, input: { a: 1 } }, acme.token);
      expect(response.status).toBe(400);
      const problem = await readProblem(response);
      expect(problem.detail).toContain("input");
      expect(problem.errors).toEqual([{ path: "/input", message: expect.stringContaining("input") }]);
    });

    it("checks the body before the workflow (400 before 404)", async () => {
      const response = await trigger({ workflow_id: 999_999, extra: true }, acme.token);
      expect(response.status).toBe(400);
    });

    it("answers 404 for an unknown workflow, a huge id, and another organization's workflow", async () => {
      for (const id of [999_999, 2 ** 40, foreignWorkflowId]) {
        const response = await trigger({ workflow_id: id }, acme.token);
        expect(response.status).toBe(404);
        expect((await readProblem(response)).code).toBe("not_found");
      }
    });

    it("answers 403 for a workflow of another project in the same organization", async () => {
      const response = await trigger({ workflow_id: otherProjectWorkflowId }, acme.token);
      expect(response.status).toBe(403);
      expect((await readProblem(response)).code).toBe("forbidden");
    });

    it("limits a workflow-scoped token to its workflow", async () => {
      const scoped = await test.service.createToken({ organization: "acme", workflow: workflowId });
      expect((await trigger({ workflow_id: workflowId }, scoped.token)).status).toBe(201);
      expect((await trigger({ workflow_id: otherProjectWorkflowId }, scoped.token)).status).toBe(403);
      expect((await trigger({ workflow_id: foreignWorkflowId }, scoped.token)).status).toBe(404);
    });

    it("answers 422 when the workflow cannot start, after the scope check", async () => {
      const empty = await createWorkflow(test, acme.token, { stages: [] });
      const prompting = await createWorkflow(test, acme.token, { prompt_for_task_description: true });
      const unknown = await createWorkflow(test, acme.token, { stages: [{ name: "x", action: "summon" }] });
      for (const [id, words] of [
        [empty.id, "no stages"],
        [prompting.id, "task description"],
        [unknown.id, 'unknown action "summon"'],
      ] as const) {
        const response = await trigger({ workflow_id: id }, acme.token);
        expect(response.status).toBe(422);
        const problem = await readProblem(response);
        expect(problem.code).toBe("workflow_not_startable");
        expect(problem.detail).toContain(words);
      }
      const sibling = await test.service.createToken({ organization: "acme", project: "sibling" });
      expect((await trigger({ workflow_id: empty.id }, sibling.token)).status).toBe(403);
    });

    it("answers 413 for a body over 1 MiB", async () => {
      const response = await trigger(`{"workflow_id":1,"pad":"${"x".repeat(1024 * 1024)}"}`, acme.token);
      expect(response.status).toBe(413);
      expect((await readProblem(response)).code).toBe("payload_too_large");
    });
  });
}
