import type { AdapterEndpointId } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";

/**
 * A request body each POST endpoint accepts as well-formed, using the fixtures' good credentials. It need not
 * succeed on the platform: it only has to be a request the adapter must handle rather than refuse as malformed.
 */
export function validBody(ctx: ConformanceContext, id: AdapterEndpointId, text = "conformance probe"): unknown {
  const credentials = ctx.render(ctx.fixtures.credentials.good);
  const envelope = {
    credentials,
    method: "POST",
    path: "/",
    query: {},
    headers: { "content-type": "application/json" },
    body: "{}",
  };
  switch (id) {
    case "verify":
      return { credentials };
    case "verify-webhook":
      return envelope;
    case "parse-inbound":
    case "inbound":
      return { ...envelope, mode: "trigger" };
    case "deliver":
      return {
        credentials,
        channel_address: ctx.render(ctx.fixtures.channel_address ?? "conformance-sandbox"),
        message: { text },
      };
    case "format":
      return { text, credentials };
    case "list-changes":
      return { credentials, resource_path: ctx.fixtures.sources?.resource_path ?? "/", cursor: null };
    case "fetch-file":
      return {
        credentials,
        resource_path: ctx.fixtures.sources?.resource_path ?? "/",
        file_path: "/conformance-probe",
      };
    default:
      return undefined;
  }
}

/** Whether the fixtures give credentials to call with (`credentials.good` has at least one field). */
export function hasGoodCredentials(ctx: ConformanceContext): boolean {
  return Object.keys(ctx.fixtures.credentials.good).length > 0;
}
