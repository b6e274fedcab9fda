import { describe, expect, it } from "vitest";
import { EXAMPLE_WORKFLOW } from "./examples.ts";
import { stageSchema, workflowCreateSchema, workflowPatchSchema, workflowSchema } from "./workflow.ts";

describe("workflow", () => {
  it("accepts a minimal create request", () => {
    expect(workflowCreateSchema.parse({ name: "Triage" })).toEqual({ name: "Triage" });
  });

  it("accepts a full create request", () => {
    const body = {
      name: "Triage",
      project_id: 2,
      prompt_for_task_description: false,
      stages: [{ name: "a", action: "echo", params: { text: "hi" } }],
      callback_url: "http://localhost:3000/api/v1/callback",
    };
    expect(workflowCreateSchema.parse(body)).toEqual(body);
  });

  it("rejects an empty name, an unknown field and a non-http callback", () => {
    expect(workflowCreateSchema.safeParse({ name: "" }).success).toBe(false);
    expect(workflowCreateSchema.safeParse({ name: "x", owner: "me" }).success).toBe(false);
    expect(workflowCreateSchema.safeParse({ name: "x", callback_url: "ftp://example.com" }).success).toBe(false);
  });

  it("requires a stage name and action and rejects unknown stage fields", () => {
    expect(stageSchema.safeParse({ name: "a", action: "echo" }).success).toBe(true);
    expect(stageSchema.safeParse({ name: "a" }).success).toBe(false);
    expect(stageSchema.safeParse({ action: "echo" }).success).toBe(false);
    expect(stageSchema.safeParse({ name: "a", action: "echo", retries: 3 }).success).toBe(false);
  });

  it("accepts a patch that clears the callback and rejects a wrong type", () => {
    expect(workflowPatchSchema.safeParse({ callback_url: null }).success).toBe(true);
    expect(workflowPatchSchema.safeParse({ prompt_for_task_description: "yes" }).success).toBe(false);
  });

  it("validates the workflow JSON the API answers with", () => {
    expect(workflowSchema.parse(EXAMPLE_WORKFLOW)).toEqual(EXAMPLE_WORKFLOW);
    expect(workflowSchema.safeParse({ ...EXAMPLE_WORKFLOW, created_at: "yesterday" }).success).toBe(false);
  });
});
