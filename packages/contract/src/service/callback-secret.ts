import { z } from "zod";
import { idSchema, instantSchema } from "./common.ts";

/** A Standard Webhooks signing secret: `whsec_` + base64 of 24–64 key bytes. */
const signingSecretSchema = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/)
  .meta({ description: "Standard Webhooks signing secret: whsec_ + base64 of the key bytes." });

/** D25: the organization's callback signing secret, as `GET /api/v1/admin/organizations/{id}/callback-secret` and its rotation show it. */
export const callbackSecretSchema = z
  .object({
    organization_id: idSchema,
    secret: signingSecretSchema,
    created_at: instantSchema.meta({ description: "When this secret came into force (created or rotated)." }),
    previous_secret_expires_at: instantSchema.nullable().meta({
      description:
        "Until when callbacks carry a second signature made with the secret this one replaced, so receivers can " +
        "switch over without refusing any; null when no earlier secret is in use.",
    }),
  })
  .meta({ title: "Callback secret" });

export type CallbackSecret = z.infer<typeof callbackSecretSchema>;

/** An example of an organization's callback secret. */
export const EXAMPLE_CALLBACK_SECRET: CallbackSecret = {
  organization_id: 1,
  secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw2y8GcxNTZ0Q=",
  created_at: "2025-01-01T09:00:00.000Z",
  previous_secret_expires_at: null,
};
