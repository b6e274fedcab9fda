import type { z } from "zod";
import { adapterError, type ReferenceResponse } from "./types.ts";

/** Validates a request body against a contract schema, answering a D8 400 that names every bad field. */
export function validate<T>(
  schema: z.ZodType<T>,
  body: unknown,
): { ok: true; value: T } | { ok: false; response: ReferenceResponse } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.length === 0 ? "" : `/${issue.path.map(String).join("/")}`,
    message: issue.message,
  }));
  return { ok: false, response: adapterError(400, "invalid_request", "the request body is not valid", { issues }) };
}

/** Reads a required string credential field, or answers a D8 400 naming it. */
export function credential(
  credentials: Record<string, unknown>,
  name: string,
): { ok: true; value: string } | { ok: false; response: ReferenceResponse } {
  const value = credentials[name];
  if (typeof value === "string" && value.length > 0) return { ok: true, value };
  return {
    ok: false,
    response: adapterError(400, "invalid_request", `credentials.${name} is required`, {
      issues: [{ path: `/credentials/${name}`, message: "expected a non-empty string" }],
    }),
  };
}
