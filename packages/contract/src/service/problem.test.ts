import { describe, expect, it } from "vitest";
import {
  problemSchema,
  SERVICE_ERROR_CODES,
  SERVICE_ERROR_STATUS,
  SERVICE_ERROR_TITLES,
  toProblem,
} from "./problem.ts";

describe("problem", () => {
  it("builds an RFC 9457 body whose type ends with the code", () => {
    const { status, body } = toProblem("not_found", "No workflow 9 in this organization.");
    expect(status).toBe(404);
    expect(body).toEqual({
      type: "urn:adapterkit:problem:not_found",
      title: "Not found",
      status: 404,
      detail: "No workflow 9 in this organization.",
      code: "not_found",
    });
    expect(problemSchema.parse(body)).toEqual(body);
  });

  it("carries field issues for invalid requests", () => {
    const { body } = toProblem("invalid_request", "workflow_id: expected a positive integer", {
      errors: [{ path: "/workflow_id", message: "expected a positive integer" }],
    });
    expect(problemSchema.safeParse(body).success).toBe(true);
    expect(body.errors).toHaveLength(1);
  });

  it("gives every code a 4xx or 5xx status and a title", () => {
    for (const code of SERVICE_ERROR_CODES) {
      expect(SERVICE_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(SERVICE_ERROR_TITLES[code].length).toBeGreaterThan(0);
      expect(problemSchema.safeParse(toProblem(code, "x").body).success).toBe(true);
    }
  });

  it("rejects a body whose type is not an adapterkit problem URN", () => {
    const body = { ...toProblem("conflict", "x").body, type: "about:blank" };
    expect(problemSchema.safeParse(body).success).toBe(false);
  });

  it("rejects an unknown code and a 2xx status", () => {
    const body = toProblem("conflict", "x").body;
    expect(problemSchema.safeParse({ ...body, code: "teapot" }).success).toBe(false);
    expect(problemSchema.safeParse({ ...body, status: 200 }).success).toBe(false);
  });

  it("rejects an empty detail", () => {
    expect(problemSchema.safeParse({ ...toProblem("conflict", "x").body, detail: "" }).success).toBe(false);
  });
});
