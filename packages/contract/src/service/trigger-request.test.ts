import { describe, expect, it } from "vitest";
import {
  hookResponseSchema,
  triggerRequestSchema,
  triggerResponseSchema,
  WEBHOOK_TOKEN_PATTERN,
} from "./trigger-request.ts";

describe("trigger request", () => {
  it("accepts an object with a positive integer workflow_id", () => {
    expect(triggerRequestSchema.parse({ workflow_id: 7 })).toEqual({ workflow_id: 7 });
  });

  it("rejects any other field and names it", () => {
    const result = triggerRequestSchema.safeParse({ workflow_id: 7, input: { a: 1 } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: "unrecognized_keys", keys: ["input"] });
  });

  it.each([["7"], [0], [-1], [1.5], [null]])("rejects workflow_id %j", (workflow_id) => {
    const result = triggerRequestSchema.safeParse({ workflow_id });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["workflow_id"]);
  });

  it("rejects a missing workflow_id and a non-object body", () => {
    expect(triggerRequestSchema.safeParse({}).success).toBe(false);
    expect(triggerRequestSchema.safeParse([7]).success).toBe(false);
  });

  it("describes the 201 answer with workflow_run_id and session_id", () => {
    expect(triggerResponseSchema.safeParse({ workflow_run_id: 1, session_id: 2 }).success).toBe(true);
    expect(triggerResponseSchema.safeParse({ workflow_run_id: 1 }).success).toBe(false);
  });

  it("describes the hook answer with status started only", () => {
    expect(hookResponseSchema.safeParse({ workflow_run_id: 1, status: "started" }).success).toBe(true);
    expect(hookResponseSchema.safeParse({ workflow_run_id: 1, status: "queued" }).success).toBe(false);
  });

  it("matches 43 base64url characters as a webhook token and nothing else", () => {
    expect(WEBHOOK_TOKEN_PATTERN.test("a".repeat(43))).toBe(true);
    expect(WEBHOOK_TOKEN_PATTERN.test(`${"A-_9".repeat(10)}abc`)).toBe(true);
    expect(WEBHOOK_TOKEN_PATTERN.test("a".repeat(42))).toBe(false);
    expect(WEBHOOK_TOKEN_PATTERN.test("a".repeat(44))).toBe(false);
    expect(WEBHOOK_TOKEN_PATTERN.test(`${"a".repeat(42)}=`)).toBe(false);
    expect(WEBHOOK_TOKEN_PATTERN.test(`${"a".repeat(42)}+`)).toBe(false);
  });
});
