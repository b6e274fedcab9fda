import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SERVICE_ENDPOINTS } from "./endpoints.ts";
import { PROBLEM_CONTENT_TYPE, problemSchema } from "./problem.ts";
import { SERVICE_SHAPES } from "./shapes.ts";

describe("service endpoints", () => {
  it("gives every endpoint a unique id and a unique method and path", () => {
    const ids = SERVICE_ENDPOINTS.map((endpoint) => endpoint.id);
    const routes = SERVICE_ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("serves everything under /api/v1 except the health probes and the OAuth callback", () => {
    for (const endpoint of SERVICE_ENDPOINTS) {
      expect(
        endpoint.path.startsWith("/api/v1/") || ["/healthz", "/readyz", "/oauth/callback"].includes(endpoint.path),
      ).toBe(true);
    }
  });

  it("has request examples that parse with the request schema", () => {
    for (const endpoint of SERVICE_ENDPOINTS) {
      if (!("request" in endpoint)) continue;
      const result = endpoint.request.schema.safeParse(endpoint.request.example);
      expect(result.success, `${endpoint.id} request example`).toBe(true);
    }
  });

  it("has response examples that parse with their schemas", () => {
    for (const endpoint of SERVICE_ENDPOINTS) {
      for (const [status, response] of Object.entries(endpoint.responses)) {
        if (!("schema" in response)) continue;
        const result = response.schema.safeParse(response.example);
        expect(result.success, `${endpoint.id} ${status} example`).toBe(true);
      }
    }
  });

  it("describes every error response as problem+json with its own status", () => {
    for (const endpoint of SERVICE_ENDPOINTS) {
      for (const [status, response] of Object.entries(endpoint.responses)) {
        if (Number(status) < 400 || endpoint.path === "/readyz") continue;
        expect("schema" in response && response.schema, `${endpoint.id} ${status}`).toBe(problemSchema);
        expect("contentType" in response && response.contentType).toBe(PROBLEM_CONTENT_TYPE);
        expect(problemSchema.parse(response.example).status).toBe(Number(status));
      }
    }
  });

  it("lets every bearer endpoint answer 401 and every endpoint with a body answer 413", () => {
    for (const endpoint of SERVICE_ENDPOINTS) {
      if (endpoint.security.length > 0) expect(Object.keys(endpoint.responses), endpoint.id).toContain("401");
      if ("request" in endpoint) expect(Object.keys(endpoint.responses), endpoint.id).toContain("413");
    }
  });

  it("answers the trigger endpoint with each status of contract.md#public-api-errors", () => {
    const trigger = SERVICE_ENDPOINTS.find((endpoint) => endpoint.id === "trigger");
    const hook = SERVICE_ENDPOINTS.find((endpoint) => endpoint.id === "hook");
    expect(Object.keys(trigger?.responses ?? {})).toEqual(expect.arrayContaining(["201", "401", "403", "404"]));
    expect(Object.keys(hook?.responses ?? {})).toEqual(expect.arrayContaining(["201", "404", "409", "422"]));
  });

  it("converts every shape to a 2020-12 JSON Schema with kebab-case names", () => {
    for (const [name, schema] of Object.entries(SERVICE_SHAPES)) {
      expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
      const json = z.toJSONSchema(schema);
      expect(json.$schema).toBe("https://json-schema.org/draft/2020-12/schema");
      expect(json.title, name).toBeTypeOf("string");
    }
  });
});
