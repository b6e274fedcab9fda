import { z } from "zod";

/** `GET /healthz` and `GET /readyz`: `ok` when live or ready; readiness lists each check. */
export const serviceHealthSchema = z
  .object({
    status: z.enum(["ok", "unavailable"]),
    checks: z.record(z.string(), z.enum(["ok", "failing"])).optional(),
  })
  .meta({ title: "Service health", examples: [{ status: "ok", checks: { database: "ok", worker: "ok" } }] });

export type ServiceHealth = z.infer<typeof serviceHealthSchema>;
