import { z } from "zod";

/** The only `status` value that means ready; anything else counts as un-ready. */
export const HEALTH_READY = "ready";

/** `GET /health` response. */
export const healthResponseSchema = z
  .object({
    status: z.string().meta({ description: 'Exactly "ready" while serving; any other value is un-ready.' }),
    version: z.string().min(1).meta({ description: 'Build identifier of the running code; "unknown" if none.' }),
    adapter: z.string().min(1).meta({ description: "The adapter slug; equals the manifest slug and mount path." }),
  })
  .meta({ title: "Health response" });

export type HealthResponse = z.infer<typeof healthResponseSchema>;
