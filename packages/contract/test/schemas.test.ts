import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { ADAPTER_SHAPES, buildOpenApi, renderSchemaFiles, SERVICE_SHAPES, toJsonSchema } from "../src/index.ts";

const SCHEMAS_DIR = new URL("../../../schemas/", import.meta.url).pathname;
const rendered = renderSchemaFiles();

describe("schemas/", () => {
  it("matches the generator's output file for file (run `npm run schemas` after changing a zod schema)", () => {
    const committed = Object.fromEntries(
      readdirSync(SCHEMAS_DIR)
        .filter((name) => name.endsWith(".json"))
        .map((name) => [name, readFileSync(join(SCHEMAS_DIR, name), "utf8")]),
    );
    expect(Object.keys(committed).sort()).toEqual(Object.keys(rendered).sort());
    for (const [name, text] of Object.entries(rendered)) expect(committed[name], name).toBe(text);
  });

  it("publishes one file per named shape, including the ones the issue names", () => {
    for (const name of ["manifest", "normalized-message", "list-changes-response", "problem", "trigger"]) {
      expect(rendered[`${name}.schema.json`], name).toBeDefined();
    }
  });

  it.each(
    Object.keys(rendered).filter((name) => name.endsWith(".schema.json")),
  )("compiles %s in ajv strict mode", (name) => {
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(ajv);
    expect(() => ajv.compile(JSON.parse(rendered[name]!))).not.toThrow();
  });

  it.each([
    "adapter-contract.openapi.json",
    "service-api.openapi.json",
  ])("validates %s as OpenAPI 3.1", async (name) => {
    const document = JSON.parse(rendered[name]!);
    await expect(SwaggerParser.validate(document)).resolves.toBeDefined();
  });

  it.each([
    "adapter-contract.openapi.json",
    "service-api.openapi.json",
  ])("%s defines exactly the security schemes its operations require", (name) => {
    const document = JSON.parse(rendered[name]!);
    const required = new Set<string>();
    for (const item of Object.values<Record<string, { security?: Record<string, string[]>[] }>>(document.paths)) {
      for (const operation of Object.values(item)) {
        for (const requirement of operation.security ?? [])
          for (const scheme of Object.keys(requirement)) required.add(scheme);
      }
    }
    expect(required.size).toBeGreaterThan(0);
    expect(Object.keys(document.components.securitySchemes ?? {}).sort()).toEqual([...required].sort());
  });

  it("refuses to build a document whose endpoint names an undefined security scheme", () => {
    const endpoint = { id: "x", method: "GET", path: "/x", summary: "x", responses: {}, security: ["nope"] } as const;
    expect(() =>
      buildOpenApi({ title: "t", version: "1", description: "d", endpoints: [endpoint], shapes: {} }),
    ).toThrow("x names the undefined security scheme nope");
  });

  it("marks only the hook's body (contract.md#hooks) and a platform's inbound delivery (A9) optional", () => {
    const document = JSON.parse(rendered["service-api.openapi.json"]!);
    const optional: string[] = [];
    for (const [path, item] of Object.entries<Record<string, { requestBody?: { required: boolean } }>>(
      document.paths,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.requestBody?.required === false) optional.push(`${method} ${path}`);
      }
    }
    expect(optional).toEqual(["post /api/v1/hooks/{token}", "post /api/v1/apps/{installation_id}/inbound"]);
    expect(document.paths["/api/v1/trigger"].post.requestBody.required).toBe(true);
  });

  it("gives every operation an example and an error response", () => {
    for (const name of ["adapter-contract.openapi.json", "service-api.openapi.json"]) {
      const document = JSON.parse(rendered[name]!);
      for (const [path, item] of Object.entries<
        Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
      >(document.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          const statuses = Object.keys(operation.responses);
          const examples = Object.values(operation.responses).flatMap((r) =>
            Object.values(r.content ?? {}).map((c) => c.example),
          );
          expect(
            examples.some((example) => example !== undefined),
            `${method} ${path} example`,
          ).toBe(true);
          if (!["/manifest.json", "/health", "/healthz", "/readyz", "/api/v1/openapi.json"].includes(path)) {
            expect(
              statuses.some((status) => Number(status) >= 400),
              `${method} ${path} errors`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it("rejects what zod rejects for a sample of invalid values", () => {
    const ajv = new Ajv2020({ strict: true });
    addFormats.default(ajv);
    const manifest = ajv.compile(toJsonSchema(ADAPTER_SHAPES.manifest));
    expect(manifest({ schema_version: "1.0", name: "x", category: "chat" })).toBe(false);
    expect(manifest({ schema_version: "1.0", name: "x", capabilities: ["listen"] })).toBe(false);
    const message = ajv.compile(toJsonSchema(ADAPTER_SHAPES["normalized-message"]));
    expect(message({ sender: "a", message: "b", is_bot: "false" })).toBe(false);
    expect(message({ sender: "a", message: "b", is_bot: false })).toBe(true);
    expect(Object.keys(SERVICE_SHAPES).length).toBeGreaterThan(0);
  });
});
