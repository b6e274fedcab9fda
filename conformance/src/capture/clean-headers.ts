import type { CredentialTemplater } from "./credential-templates.ts";
import { escapeTemplate } from "./escape-template.ts";

/** Set by the hops between the platform and the adapter, not by the platform: a fixture has no use for them. */
const TRANSPORT_HEADER =
  /^(host|content-length|connection|keep-alive|transfer-encoding|te|trailer|upgrade|via|forwarded|accept-encoding|x-real-ip|cdn-loop|x-request-id|proxy-.*|x-forwarded-.*|cf-.*|x-amzn-.*)$/;
/** Headers whose value is a secret unless it is one of the credentials (then it becomes their template). */
const SECRET_HEADER = /^(authorization|cookie|proxy-authorization)$|token|secret|api-?key|password|signature|session/;

/** The headers a sample keeps, and the names of those whose value was redacted. */
export interface CleanedHeaders {
  readonly headers: Record<string, string>;
  readonly redacted: string[];
}

/**
 * The platform's headers as a sample writes them: transport and signature headers dropped (the runner signs afresh),
 * credential values turned into templates, any other secret-looking value replaced by `[REDACTED]`.
 */
export function cleanHeaders(
  headers: Readonly<Record<string, string>>,
  dropped: readonly string[],
  templater: CredentialTemplater,
): CleanedHeaders {
  const kept: Record<string, string> = {};
  const redacted: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (TRANSPORT_HEADER.test(name) || dropped.includes(name)) continue;
    const templated = templater(escapeTemplate(value));
    if (SECRET_HEADER.test(name) && !/^\{\{credentials\.good\.\w+\}\}$/.test(templated)) {
      kept[name] = "[REDACTED]";
      redacted.push(name);
    } else kept[name] = templated;
  }
  return { headers: kept, redacted };
}
