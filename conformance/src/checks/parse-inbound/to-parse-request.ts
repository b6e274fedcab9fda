import type { ParseInboundRequest } from "@adapterkit/contract";
import type { PreparedInbound } from "./prepare-request.ts";
import { toEnvelope } from "./to-envelope.ts";

/** The `/parse-inbound` request of a prepared inbound request, signed and in its mode. */
export function toParseRequest(
  prepared: PreparedInbound,
  credentials: Readonly<Record<string, unknown>>,
  extraHeaders: Readonly<Record<string, string>> = {},
): ParseInboundRequest {
  return {
    ...toEnvelope(prepared.request, credentials, { ...extraHeaders, ...prepared.signature }),
    mode: prepared.mode,
  };
}
