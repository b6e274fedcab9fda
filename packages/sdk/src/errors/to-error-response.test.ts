import { ADAPTER_ERROR_STATUS, type AdapterErrorCode, adapterErrorSchema } from "@adapterkit/contract";
import { describe, expect, it } from "vitest";
import { AdapterHttpError } from "./adapter-http-error.ts";
import { toErrorResponse } from "./to-error-response.ts";

describe("error rendering (D8)", () => {
  it.each(Object.entries(ADAPTER_ERROR_STATUS))("renders %s with status %i in the D8 shape", (code, status) => {
    const error = new AdapterHttpError(code as AdapterErrorCode, "why");
    expect(error.status).toBe(status);
    const response = toErrorResponse(error);
    expect(response.status).toBe(status);
    expect(adapterErrorSchema.parse(response.body)).toEqual({ ok: false, code, error: "why" });
  });

  it("keeps the issues of invalid_request", () => {
    const issues = [{ path: "/message/text", message: "expected string" }];
    expect(toErrorResponse(new AdapterHttpError("invalid_request", "bad", { issues })).body.issues).toEqual(issues);
  });

  it("renders anything else as a generic internal_error that reveals nothing", () => {
    const response = toErrorResponse(new Error("password=hunter2"));
    expect(response).toEqual({ status: 500, body: { ok: false, code: "internal_error", error: expect.any(String) } });
    expect(response.body.error).not.toContain("hunter2");
    expect(toErrorResponse("a string").status).toBe(500);
  });

  it("keeps the cause for the log, not for the wire", () => {
    const cause = new Error("socket hang up");
    const error = new AdapterHttpError("platform_error", "Slack failed", { cause });
    expect(error.cause).toBe(cause);
    expect(JSON.stringify(toErrorResponse(error).body)).not.toContain("hang up");
  });
});
