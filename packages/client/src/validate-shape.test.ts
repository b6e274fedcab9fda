import { ADAPTER_SHAPES, type AdapterShapeName } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { validateShape } from "./validate-shape.ts";

function issues(result: ReturnType<typeof validateShape>) {
  if (result.ok) throw new Error("expected the value to be invalid");
  return result.issues;
}

describe("validateShape", () => {
  it("accepts a value that matches the published shape, extra fields included", () => {
    expect(validateShape("health-response", { status: "ready", version: "1", adapter: "chat", uptime: 3 })).toEqual({
      ok: true,
    });
  });

  it("names a missing required field by its pointer", () => {
    expect(issues(validateShape("health-response", { status: "ready", version: "1" }))).toEqual([
      {
        pointer: "/adapter",
        expected: "a value (required)",
        actual: "nothing",
        message: "/adapter: expected a value (required), got nothing",
      },
    ]);
  });

  it("names a value outside an enum with the allowed values", () => {
    const result = issues(validateShape("manifest", { schema_version: "1.0", name: "Chat", category: "chat" }));

    expect(result).toEqual([expect.objectContaining({ pointer: "/category", actual: '"chat"' })]);
    expect(result[0]?.expected).toMatch(/^one of "communication", /);
  });

  it("names a wrong constant with the expected value", () => {
    expect(issues(validateShape("manifest", { schema_version: "2.0", name: "Chat" }))).toEqual([
      expect.objectContaining({ pointer: "/schema_version", expected: '"1.0"', actual: '"2.0"' }),
    ]);
  });

  it("names a wrong type and a too-short string", () => {
    expect(issues(validateShape("format-response", { text: 5 }))).toEqual([
      expect.objectContaining({ pointer: "/text", expected: "string", actual: "integer" }),
    ]);
    expect(issues(validateShape("list-changes-response", { changes: [], cursor: "" }))).toEqual([
      expect.objectContaining({ pointer: "/cursor", expected: "at least 1 character(s)", actual: '""' }),
    ]);
  });

  it("reports a body that is not an object at the root pointer", () => {
    expect(issues(validateShape("verify-response", "ok"))).toEqual([
      expect.objectContaining({ pointer: "", expected: "object", actual: "string" }),
    ]);
  });

  it("reports the branch of a union the value came closest to", () => {
    expect(issues(validateShape("verify-response", { ok: true, user: 7 }))).toEqual([
      expect.objectContaining({ pointer: "/user", expected: "string", actual: "integer" }),
    ]);
    expect(issues(validateShape("verify-response", { ok: false }))).toEqual([
      expect.objectContaining({ pointer: "/error", actual: "nothing" }),
    ]);
  });

  it.each(Object.keys(ADAPTER_SHAPES) as AdapterShapeName[])("compiles the %s shape in ajv strict mode", (name) => {
    expect(() => validateShape(name, {})).not.toThrow();
  });

  it("truncates a long actual value", () => {
    const [issue] = issues(validateShape("manifest", { schema_version: "x".repeat(200), name: "Chat" }));

    expect(issue?.actual.length).toBeLessThanOrEqual(60);
  });
});
