import { ServiceError } from "../errors/service-error.ts";
import type { OutboundGuard } from "./create-outbound-guard.ts";

/** A15 at input: a `callback_url` the guard would refuse is a 400 naming the field (the URL itself is not repeated). */
export function checkCallbackUrl(outbound: OutboundGuard, body: unknown): void {
  const url = (body as { callback_url?: unknown } | null)?.callback_url;
  if (typeof url !== "string") return;
  const checked = outbound.checkUrl(url);
  if (checked.ok) return;
  const message = `callback_url: ${checked.reason}`;
  throw new ServiceError("invalid_request", message, { errors: [{ path: "/callback_url", message }] });
}
