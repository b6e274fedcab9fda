import type { ClientResult } from "@adapterkit/client";
import {
  type AdapterCallRecordJson,
  declaresEndpoint,
  type InboundMode,
  type ParseInboundResponse,
} from "@adapterkit/contract";
import { settleAdapterCall } from "../adapters/call-adapter.ts";
import type { CachedInstallation } from "./inbound-cache.ts";
import type { InboundContext } from "./inbound-context.ts";
import { toAdapterCallRecord } from "./to-adapter-call-record.ts";
import { type ReceivedRequest, toInboundEnvelope } from "./to-inbound-envelope.ts";
import { secretValuesOf } from "./to-stored-request.ts";

/** What the calls of one event leave for its record: each call made, and the credential values to keep out of it. */
export interface InboundCallLog {
  readonly calls: AdapterCallRecordJson[];
  secrets: readonly string[];
}

/** What the adapter made of a delivery: a refused signature, a body it cannot read, or its D4 answer. */
export type AdapterVerdict =
  | { readonly kind: "rejected"; readonly error: string }
  | { readonly kind: "unreadable"; readonly error: string }
  | { readonly kind: "parsed"; readonly response: ParseInboundResponse };

/** Whether a failed call was the adapter refusing the delivery itself (400, 413): a retry would fare no better. */
function refusedDelivery(result: ClientResult<unknown>): string | undefined {
  if (result.ok || result.error.kind !== "http_status") return undefined;
  const { status, body } = result.error;
  return status === 400 || status === 413 ? (body?.error ?? `HTTP ${status}`) : undefined;
}

/**
 * A9 steps 2–3 through the one adapter-call module (A7). When the pinned manifest declares `inbound` (D411),
 * one call to it with the D2 envelope and the mode; otherwise `/verify-webhook` with the envelope, then, when it
 * says ok, `/parse-inbound` with the envelope and the mode the front-desk toggle selects. A 400 or 413 from the
 * parsing call means the body is one the adapter cannot read. Every call is signed with the App's secret and
 * carries the installation's context headers, through the installation's cached client (D176); a failed or late
 * call throws the call module's ServiceError. Each call made goes into `log` as it ends (D521).
 */
export async function callInboundAdapter(
  context: InboundContext,
  open: CachedInstallation,
  request: ReceivedRequest,
  log: InboundCallLog = { calls: [], secrets: [] },
): Promise<AdapterVerdict> {
  const { credentials, target, client } = await open.call();
  log.secrets = secretValuesOf(credentials);
  const envelope = toInboundEnvelope(request, credentials);
  const mode: InboundMode = open.installation.front_desk === 1 ? "front_desk" : "trigger";
  if (declaresEndpoint(open.manifest, "inbound")) {
    const answered = await client.inbound({ ...envelope, mode });
    log.calls.push(toAdapterCallRecord("inbound", answered));
    const settled = settleParsing(context, { target, endpoint: "inbound" }, answered);
    if (settled.kind === "unreadable") return settled;
    const answer = settled.response;
    return "ok" in answer ? { kind: "rejected", error: answer.error } : { kind: "parsed", response: answer };
  }
  const verified = await client.verifyWebhook(envelope);
  log.calls.push(toAdapterCallRecord("verify-webhook", verified));
  const verdict = settleAdapterCall(context, { target, endpoint: "verify-webhook" }, verified);
  if (!verdict.ok) return { kind: "rejected", error: verdict.error };
  const parsed = await client.parseInbound({ ...envelope, mode });
  log.calls.push(toAdapterCallRecord("parse-inbound", parsed));
  return settleParsing(context, { target, endpoint: "parse-inbound" }, parsed);
}

/** The parsing call's answer counted (A7), a 400 or 413 read as a delivery the adapter cannot read. */
function settleParsing<T>(
  context: InboundContext,
  call: Parameters<typeof settleAdapterCall>[1],
  result: ClientResult<T>,
): { kind: "parsed"; response: T } | { kind: "unreadable"; error: string } {
  try {
    return { kind: "parsed", response: settleAdapterCall(context, call, result) };
  } catch (error) {
    const refused = refusedDelivery(result);
    if (refused !== undefined) return { kind: "unreadable", error: refused };
    throw error;
  }
}
