import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApi, renderSchemaFiles } from "../src/index.ts";

interface Operation {
  parameters?: OpenAPIV3_1.ParameterObject[];
  requestBody?: { required?: boolean };
  responses: Record<
    string,
    OpenAPIV3_1.ResponseObject & { "x-variants"?: { when: string; schema: { $ref: string } }[] }
  >;
}

const rendered = renderSchemaFiles();
const adapter = JSON.parse(rendered["adapter-contract.openapi.json"]!) as OpenAPIV3_1.Document;
const service = JSON.parse(rendered["service-api.openapi.json"]!) as OpenAPIV3_1.Document;

function operations(document: OpenAPIV3_1.Document): [string, Operation][] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>).map(([method, op]): [string, Operation] => [
      `${method} ${path}`,
      op,
    ]),
  );
}
const operation = (document: OpenAPIV3_1.Document, path: string, method: string) =>
  (document.paths?.[path] as Record<string, Operation>)[method]!;
const parameter = (op: Operation, where: string, name: string) =>
  op.parameters?.find((p) => p.in === where && p.name === name);

describe("adapter contract document", () => {
  it("offers fetch-file's 200 as base64 JSON or as the bytes themselves (D7)", () => {
    const ok = operation(adapter, "/sources/fetch-file", "post").responses["200"]!;
    expect(Object.keys(ok.content ?? {})).toEqual(["application/json", "application/octet-stream"]);
    expect(ok.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/fetch-file-json-response" });
  });

  it("lists D8's 404 not_found beside the other errors of every signed endpoint", () => {
    const signed = operations(adapter).filter(([name]) => name.startsWith("post "));
    expect(signed.length).toBeGreaterThan(5);
    for (const [name, op] of signed) {
      expect(op.responses["404"]?.content?.["application/json"]?.schema, name).toEqual({
        $ref: "#/components/schemas/adapter-error",
      });
    }
  });

  it("points parse-inbound's 200 at the narrower trigger-mode schema", () => {
    const ok = operation(adapter, "/parse-inbound", "post").responses["200"]!;
    const ref = "#/components/schemas/parse-inbound-trigger-response";
    expect(ok["x-variants"]).toEqual([{ when: 'the request\'s mode is "trigger"', schema: { $ref: ref } }]);
    expect(ok.description).toContain(ref);
  });

  it("lists the narrower trigger-mode schema in parse-inbound's 200 schema too, where tools without x-variants see it", () => {
    const ok = operation(adapter, "/parse-inbound", "post").responses["200"]!;
    expect(ok.content?.["application/json"]?.schema).toEqual({
      anyOf: [
        { $ref: "#/components/schemas/parse-inbound-response" },
        { $ref: "#/components/schemas/parse-inbound-trigger-response" },
      ],
    });
  });

  it("keeps only the components an operation reaches", () => {
    expect(Object.keys(adapter.components?.schemas ?? {})).toContain("parse-inbound-trigger-response");
    expect(Object.keys(adapter.components?.schemas ?? {})).not.toContain("change-entry");
  });

  it("documents the context headers on every call and the signature headers on signed ones", () => {
    for (const [name, op] of operations(adapter)) {
      for (const header of ["X-Organization-Id", "X-Project-Id", "X-Request-Id"]) {
        expect(parameter(op, "header", header)?.required, `${name} ${header}`).toBe(false);
      }
      const signed = name.startsWith("post ");
      for (const header of ["webhook-id", "webhook-timestamp"]) {
        expect(parameter(op, "header", header)?.required, `${name} ${header}`).toBe(signed ? true : undefined);
      }
    }
  });
});

describe("service API document", () => {
  const INTEGER_IDS = new Set([
    "id",
    "sync_id",
    "document_id",
    "skill_id",
    "tool_server_id",
    "review_id",
    "event_id",
    "upgrade_id",
  ]);

  it("types every path parameter: ids as positive integers, the hook token as 43 URL-safe characters, slugs and installation ids by their patterns", () => {
    const seen: string[] = [];
    for (const [name, op] of operations(service)) {
      for (const p of op.parameters?.filter((p) => p.in === "path") ?? []) {
        seen.push(p.name);
        if (INTEGER_IDS.has(p.name)) expect(p.schema, name).toMatchObject({ type: "integer", exclusiveMinimum: 0 });
        else if (p.name === "slug")
          expect(p.schema, name).toMatchObject({ type: "string", pattern: "^[a-z0-9]+(-[a-z0-9]+)*$" });
        else if (p.name === "installation_id")
          expect(p.schema, name).toEqual({ type: "string", pattern: "^inst_[A-Za-z0-9_-]{22}$" });
        else expect(p.schema, name).toEqual({ type: "string", pattern: "^[A-Za-z0-9_-]{43}$" });
      }
    }
    expect(new Set(seen)).toEqual(new Set([...INTEGER_IDS, "token", "slug", "installation_id"]));
  });

  it("documents the hook's Idempotency-Key header and optional body", () => {
    const hook = operation(service, "/api/v1/hooks/{token}", "post");
    expect(parameter(hook, "header", "Idempotency-Key")).toMatchObject({ required: false, schema: { type: "string" } });
    expect(hook.requestBody).toMatchObject({ required: false });
  });

  it("documents cursor and limit on the trigger runs page", () => {
    const runs = operation(service, "/api/v1/triggers/{id}/runs", "get");
    expect(parameter(runs, "query", "limit")).toMatchObject({
      required: false,
      schema: { type: "integer", minimum: 1, maximum: 100, default: 20 },
    });
    expect(parameter(runs, "query", "cursor")).toMatchObject({ required: false, schema: { type: "string" } });
  });

  it.each([
    ["/api/v1/trigger", "post"],
    ["/api/v1/hooks/{token}", "post"],
    ["/api/v1/workflows", "post"],
    ["/api/v1/workflows/{id}/triggers", "post"],
  ])("gives the 201 of %s its Location header", (path, method) => {
    const created = operation(service, path, method).responses["201"]!;
    expect(created.headers?.Location).toMatchObject({ required: true, schema: { type: "string" } });
  });
});

describe("buildOpenApi", () => {
  const base = { title: "t", version: "1", description: "d", shapes: {} };
  const row = { id: "x", method: "GET", summary: "x", responses: {} } as const;

  it("refuses a path parameter without a declared type", () => {
    expect(() => buildOpenApi({ ...base, endpoints: [{ ...row, path: "/x/{id}" }] })).toThrow(
      "x: path parameter {id} is not declared",
    );
  });

  it("refuses a declared path parameter its path does not have", () => {
    const pathParameters = { id: { description: "id", schema: z.string() } };
    expect(() => buildOpenApi({ ...base, endpoints: [{ ...row, path: "/x", pathParameters }] })).toThrow(
      "x: declares {id}, which is not in its path",
    );
  });
});
