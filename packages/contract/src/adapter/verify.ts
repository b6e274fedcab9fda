import { z } from "zod";
import { credentialsSchema } from "./credentials.ts";

/** `POST /verify` request. */
export const verifyRequestSchema = z.object({ credentials: credentialsSchema }).meta({ title: "Verify request" });

/** The failure half shared by `/verify` and `/verify-webhook` (D3). */
export const verifyFailureSchema = z.object({ ok: z.literal(false), error: z.string().min(1) });

/** `POST /verify` response. */
export const verifyResponseSchema = z
  .union([z.object({ ok: z.literal(true), user: z.string() }), verifyFailureSchema])
  .meta({ title: "Verify response" });

export type VerifyRequest = z.infer<typeof verifyRequestSchema>;
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
