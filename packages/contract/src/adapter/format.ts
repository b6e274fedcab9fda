import { z } from "zod";
import { credentialsSchema } from "./credentials.ts";

/** D6: `POST /format` request; `text` is CommonMark + GFM. */
export const formatRequestSchema = z
  .object({ text: z.string(), credentials: credentialsSchema.optional() })
  .meta({ title: "Format request" });

/** D6: the text in the platform's display convention. */
export const formatResponseSchema = z.object({ text: z.string() }).meta({ title: "Format response" });

export type FormatRequest = z.infer<typeof formatRequestSchema>;
export type FormatResponse = z.infer<typeof formatResponseSchema>;
