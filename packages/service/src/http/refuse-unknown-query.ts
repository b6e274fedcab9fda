import type { EndpointDef } from "@adapterkit/contract";
import { ServiceError } from "../errors/service-error.ts";

/**
 * A filter or option an endpoint does not declare is a 400 naming it, never silently ignored (a client asking for
 * `?state=uninstalled` must not read the whole list as if it were filtered). Raw inbound and hook bodies and the
 * OAuth callback take whatever query their sender adds, as those senders are platforms, not API clients.
 */
export function refuseUnknownQuery(endpoint: EndpointDef, query: URLSearchParams): void {
  if (endpoint.request?.contentType === "*/*" || endpoint.id === "oauth-callback") return;
  const declared = Object.keys(endpoint.query ?? {});
  const unknown = [...new Set(query.keys())].filter((name) => !declared.includes(name));
  if (unknown.length === 0) return;
  const takes = declared.length === 0 ? "no query parameters" : `only ${declared.join(", ")}`;
  const message = `not a parameter of this endpoint, which takes ${takes}`;
  throw new ServiceError("invalid_request", `${unknown[0]}: ${message}`, {
    errors: unknown.map((name) => ({ path: name, message })),
  });
}
