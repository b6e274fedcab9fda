import { z } from "zod";

/** `GET /healthz` and `GET /readyz`: `ok` when live or ready; readiness lists each check. */
export const serviceHealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.record(z.string(), z.enum(["ok", "failing"])).optional(),
  })
  .meta({ title: "Service health", examples: [{ status: "ok", checks: { database: "ok", worker: "ok" } }] });

export type ServiceHealth = z.infer<typeof serviceHealthSchema>;

/** `GET /api/v1/openapi.json`: this API's OpenAPI 3.1 document, the one `schemas/service-api.openapi.json` holds. */
export const openApiDocumentSchema = z
  .looseObject({ openapi: z.string(), info: z.looseObject({ title: z.string(), version: z.string() }) })
  .meta({ title: "OpenAPI document" });
