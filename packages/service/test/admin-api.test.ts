import { apiTokenSchema, organizationSchema, projectSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "./helpers/store-lanes.ts";
import { readJson, readProblem, startTestService, type TestService } from "./helpers/test-service.ts";

const ADMIN = "admin-secret-for-tests";
let serial = 0;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`admin API ${lane.title}`, () => {
    let test: TestService;

    beforeAll(async () => {
      test = await startTestService(lane, { adminToken: ADMIN });
    });
    afterAll(async () => test?.close());

    const admin = (path: string, json?: unknown, method = "POST") =>
      test.call(path, { method, token: ADMIN, ...(json === undefined ? {} : { json }) });

    it("creates an organization, a project and a project token that works on the API", async () => {
      const organization = organizationSchema.parse(
        await readJson(await admin("/api/v1/admin/organizations", { name: "Acme" })),
      );
      const project = projectSchema.parse(
        await readJson(await admin("/api/v1/admin/projects", { organization_id: organization.id, name: "Default" })),
      );
      const created = await admin("/api/v1/admin/tokens", { project_id: project.id, name: "CI" });
      expect(created.status).toBe(201);
      const token = apiTokenSchema.parse(await created.json());
      expect(token).toMatchObject({ scope: "project", project_id: project.id, workflow_id: null, name: "CI" });
      expect(token.token).toMatch(/^ak_[A-Za-z0-9_-]{43}$/);
      const list = await test.call("/api/v1/workflows", { token: token.token });
      expect(list.status).toBe(200);
    });

    it("creates a workflow-scoped token", async () => {
      const organization = await readJson<{ id: number }>(await admin("/api/v1/admin/organizations", { name: "W" }));
      const project = await readJson<{ id: number }>(
        await admin("/api/v1/admin/projects", { organization_id: organization.id, name: "P" }),
      );
      const projectToken = await readJson<{ token: string }>(
        await admin("/api/v1/admin/tokens", { project_id: project.id }),
      );
      const workflow = await readJson<{ id: number }>(
        await test.call("/api/v1/workflows", { token: projectToken.token, json: { name: "w" } }),
      );
      const scoped = await readJson(await admin("/api/v1/admin/tokens", { workflow_id: workflow.id }));
      expect(scoped).toMatchObject({ scope: "workflow", workflow_id: workflow.id, project_id: null });
    });

    it.each([
      "nul\u0000name",
      "bell\u0007",
      "c1\u0085",
      "\u202Egnp.exe",
      "iso\u2066late\u2069",
    ])("refuses the name %j with 400 naming the field, for organizations, projects, tokens and the CLI's tokens", async (name) => {
      serial += 1;
      const organization = await readJson<{ id: number }>(
        await admin("/api/v1/admin/organizations", { name: `Names ${serial}` }),
      );
      const project = await readJson<{ id: number }>(
        await admin("/api/v1/admin/projects", { organization_id: organization.id, name: "p" }),
      );
      for (const [path, body] of [
        ["/api/v1/admin/organizations", { name }],
        ["/api/v1/admin/projects", { organization_id: organization.id, name }],
        ["/api/v1/admin/tokens", { project_id: project.id, name }],
      ] as const) {
        const response = await admin(path, body);
        expect(response.status, path).toBe(400);
        expect((await readProblem(response)).errors?.map((error) => error.path)).toEqual(["/name"]);
      }
      for (const input of [
        { organization: name, project: "p" },
        { organization: "ok", project: name },
      ]) {
        await expect(test.service.createToken(input)).rejects.toMatchObject({ code: "invalid_request" });
      }
    });

    it("revokes a token, which then answers 401", async () => {
      const made = await test.service.createToken({ organization: "Revoke", project: "p" });
      expect((await test.call("/api/v1/workflows", { token: made.token })).status).toBe(200);
      expect((await admin(`/api/v1/admin/tokens/${made.id}`, undefined, "DELETE")).status).toBe(204);
      expect((await test.call("/api/v1/workflows", { token: made.token })).status).toBe(401);
      expect((await admin(`/api/v1/admin/tokens/${made.id}`, undefined, "DELETE")).status).toBe(404);
    });

    it("answers 404 for an unknown project or organization and 409 for a taken name", async () => {
      expect((await admin("/api/v1/admin/tokens", { project_id: 999_999 })).status).toBe(404);
      expect((await admin("/api/v1/admin/projects", { organization_id: 999_999, name: "x" })).status).toBe(404);
      await admin("/api/v1/admin/organizations", { name: "Twice" });
      expect((await readProblem(await admin("/api/v1/admin/organizations", { name: "Twice" }))).code).toBe("conflict");
    });

    it("rejects a token request naming both or neither scope", async () => {
      expect((await admin("/api/v1/admin/tokens", { project_id: 1, workflow_id: 1 })).status).toBe(400);
      expect((await admin("/api/v1/admin/tokens", {})).status).toBe(400);
    });

    it("answers 401 without the admin token, with an API token, and with a wrong one", async () => {
      const apiToken = (await test.service.createToken({ organization: "Other", project: "p" })).token;
      for (const token of [undefined, apiToken, "wrong"]) {
        const response = await test.call("/api/v1/admin/organizations", { token, json: { name: "x" } });
        expect(response.status).toBe(401);
      }
    });
  });
}

describe("admin API without ADAPTERKIT_ADMIN_TOKEN", () => {
  it("is closed, and says how to open it", async () => {
    const test = await startTestService(STORE_LANES[0] as (typeof STORE_LANES)[number]);
    try {
      const response = await test.call("/api/v1/admin/organizations", { token: "anything", json: { name: "x" } });
      expect(response.status).toBe(401);
      expect((await readProblem(response)).detail).toContain("ADAPTERKIT_ADMIN_TOKEN");
    } finally {
      await test.close();
    }
  });
});
