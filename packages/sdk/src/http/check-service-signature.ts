import type { IncomingHttpHeaders } from "node:http";
import { AdapterHttpError } from "../errors/adapter-http-error.ts";
import { SignatureError, verifyStandardWebhook } from "../helpers/index.ts";

/** D9: how far the service's signature timestamp may be from the adapter's clock, in seconds. */
export const SERVICE_SIGNATURE_TOLERANCE_S = 300;

/**
 * D9: checks the service's Standard Webhooks signature over the exact request bytes, answering 401
 * `unauthorized` (saying which part failed) when it is missing, stale or wrong.
 */
export function checkServiceSignature(options: {
  secret: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  now?: () => number;
}): void {
  try {
    verifyStandardWebhook({
      secret: options.secret,
      headers: options.headers,
      body: options.body,
      toleranceSeconds: SERVICE_SIGNATURE_TOLERANCE_S,
      ...(options.now ? { now: options.now } : {}),
    });
  } catch (error) {
    if (error instanceof SignatureError) {
      throw new AdapterHttpError("unauthorized", `Service signature rejected: ${error.message}.`, { cause: error });
    }
    throw error;
  }
}
