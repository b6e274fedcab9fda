import { z } from "zod";
import { idSchema } from "./common.ts";

/** D13: the body of `POST /api/v1/trigger`; `workflow_id` is the only accepted field. */
export const triggerRequestSchema = z
  .strictObject({
    workflow_id: idSchema.meta({ description: "The workflow to run." }),
  })
  .meta({
    title: "Trigger request",
    description: "Body of POST /api/v1/trigger. Run inputs are unsupported; any other field is rejected.",
    examples: [{ workflow_id: 7 }],
  });

/** D13: the `201` body of `POST /api/v1/trigger`. */
export const triggerResponseSchema = z
  .object({
    workflow_run_id: idSchema,
    session_id: idSchema,
  })
  .meta({ title: "Trigger response", examples: [{ workflow_run_id: 128, session_id: 128 }] });

/** D14: the `201` body of `POST /api/v1/hooks/{token}`. */
export const hookResponseSchema = z
  .object({
    workflow_run_id: idSchema,
    status: z.literal("started"),
  })
  .meta({ title: "Hook response", examples: [{ workflow_run_id: 129, status: "started" }] });

/** D14: a webhook trigger's token: 43 base64url characters (32 random bytes). */
export const WEBHOOK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type TriggerRequest = z.infer<typeof triggerRequestSchema>;
export type TriggerResponse = z.infer<typeof triggerResponseSchema>;
export type HookResponse = z.infer<typeof hookResponseSchema>;
