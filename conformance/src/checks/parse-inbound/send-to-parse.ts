import type { ClientResult } from "@adapterkit/client";
import type { ParseInboundResponse } from "@adapterkit/contract";
import type { ConformanceContext } from "../../context.ts";
import { goodCredentials } from "../shared/good-credentials.ts";
import type { SentCall } from "./call-failure.ts";
import type { PreparedInbound } from "./prepare-request.ts";
import { toParseRequest } from "./to-parse-request.ts";

/** A `/parse-inbound` call and its answer. */
export interface ParseCall {
  readonly call: SentCall;
  readonly result: ClientResult<ParseInboundResponse>;
}

/** Sends a prepared inbound request to `/parse-inbound` with the good credentials (and any extra headers). */
export async function sendToParse(
  ctx: ConformanceContext,
  prepared: PreparedInbound,
  extraHeaders: Readonly<Record<string, string>> = {},
): Promise<ParseCall> {
  const body = toParseRequest(prepared, goodCredentials(ctx), extraHeaders);
  const result = await ctx.client.parseInbound(body);
  return { call: { endpoint: "parse-inbound", body }, result };
}
