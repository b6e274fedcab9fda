import { z } from "zod";

/** D8: every error code an adapter endpoint may answer with, and its HTTP status. */
export const ADAPTER_ERROR_STATUS = {
  invalid_request: 400,
  unauthorized: 401,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  internal_error: 500,
  not_implemented: 501,
  platform_error: 502,
  platform_timeout: 504,
} as const satisfies Record<string, number>;

/** A D8 error code. */
export type AdapterErrorCode = keyof typeof ADAPTER_ERROR_STATUS;
/** Every D8 error code, in table order (a tuple for `z.enum`). */
export const ADAPTER_ERROR_CODES = Object.keys(ADAPTER_ERROR_STATUS) as [AdapterErrorCode, ...AdapterErrorCode[]];

/** One offending field of an `invalid_request` error. */
export const issueSchema = z.object({
  path: z.string().meta({ description: "JSON Pointer of the offending field ('' for the whole body)." }),
  message: z.string(),
});

/** D8: the body of every adapter error response. */
export const adapterErrorSchema = z
  .object({
    ok: z.literal(false),
    error: z.string().min(1),
    code: z.enum(ADAPTER_ERROR_CODES),
    issues: z.array(issueSchema).optional().meta({ description: "With invalid_request: each bad field." }),
    retry_after: z.number().int().nonnegative().optional().meta({ description: "With rate_limited: seconds." }),
  })
  .meta({ title: "Adapter error" });

/** An issue as parsed. */
export type Issue = z.infer<typeof issueSchema>;
/** A D8 error body as parsed. */
export type AdapterError = z.infer<typeof adapterErrorSchema>;

/** Builds the one wire shape of an adapter error. */
export function toAdapterError(
  code: AdapterErrorCode,
  error: string,
  extra: { issues?: Issue[]; retry_after?: number } = {},
): { status: number; body: AdapterError } {
  return { status: ADAPTER_ERROR_STATUS[code], body: { ok: false, error, code, ...extra } };
}
