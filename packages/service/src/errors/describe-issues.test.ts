import { triggerCreateSchema, triggerPatchSchema, triggerRequestSchema } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { invalidRequest, toProblemIssues } from "./describe-issues.ts";

function issuesOf(schema: { safeParse(value: unknown): { error?: { issues: unknown[] } } }, value: unknown) {
  return (schema.safeParse(value).error?.issues ?? []) as Parameters<typeof toProblemIssues>[0];
}

describe("describing invalid input", () => {
  it("names each unknown field with its JSON Pointer", () => {
    expect(toProblemIssues(issuesOf(triggerRequestSchema, { workflow_id: 1, a: 1, "b/c": 2 }))).toEqual([
      { path: "/a", message: "a: unknown field; it is not accepted here" },
      { path: "/b~1c", message: "b/c: unknown field; it is not accepted here" },
    ]);
  });

  it("names a nested field by its path", () => {
    const issues = toProblemIssues(
      issuesOf(triggerCreateSchema, {
        type: "app_event",
        name: "x",
        app_installation_id: "inst_AAAAAAAAAAAAAAAAAAAAAA",
        event_type: "e",
        target_stage: "s",
        event_filter: { is_dm: "no" },
      }),
    );
    expect(issues[0]?.path).toBe("/event_filter/is_dm");
    expect(issues[0]?.message.startsWith("event_filter.is_dm:")).toBe(true);
  });

  it("reports the closest branch of a union instead of a bare invalid input", () => {
    const issues = toProblemIssues(issuesOf(triggerPatchSchema, { name: 5 }));
    expect(issues[0]?.path).toBe("/name");
  });

  it("builds a 400 whose detail starts with the first bad field and counts the rest", () => {
    const error = invalidRequest(issuesOf(triggerRequestSchema, { workflow_id: "1", a: 1 }));
    expect(error.code).toBe("invalid_request");
    expect(error.message).toMatch(/^workflow_id: .*\(and 1 more; see errors\)$/);
    expect(error.errors).toHaveLength(2);
  });
});
