import { checkMessageLimits, type InboundOutcome, inboundKind, type NormalizedMessage } from "@adapterkit/contract";
import { isServiceError, ServiceError } from "../errors/service-error.ts";
import { toStorableMessage } from "../store/to-storable-message.ts";
import { callInboundAdapter, type InboundCallLog } from "./call-inbound-adapter.ts";
import type { InboundContext } from "./inbound-context.ts";
import { withInboundTables } from "./inbound-tables.ts";
import { pruneInboundEventsNow } from "./prune-inbound-events.ts";
import { noteStoredBytes } from "./prune-over-budget.ts";
import { recordInboundEvent } from "./record-inbound-event.ts";
import { recordRefusedSignature } from "./record-refused-signature.ts";
import type { InboundEvidence } from "./route-inbound-message.ts";
import type { ReceivedRequest } from "./to-inbound-envelope.ts";
import { toStoredRequest } from "./to-stored-request.ts";

/** What the platform is answered: a handshake's challenge as the adapter gave it, or how the delivery ended. */
export type InboundAnswer =
  | { readonly kind: "handshake"; readonly challenge: unknown }
  | { readonly kind: "ignored"; readonly reason: string }
  | {
      readonly kind: "event";
      readonly outcome: InboundOutcome;
      readonly eventId: number;
      readonly workflowRunIds: readonly number[];
    };

/**
 * A9, the inbound pipeline: 404 unknown installation, 410 uninstalled → `/verify-webhook` (ok:false → 401,
 * recorded `rejected_signature`, a bounded number of rows a minute (D355); a body the adapter cannot read → 400, recorded `adapter_failed`; the App down, the adapter unreachable, failing or late → 503 so the platform
 * retries, recorded `adapter_failed`) → `/parse-inbound`: a handshake is answered with its `challenge_response`,
 * an ignored event with 200; a bot's message is dropped (`dropped_bot`); the rest is deduplicated and routed in one
 * transaction (see routeInboundMessage), and the answer is given only after it committed.
 */
export async function receiveInbound(
  context: InboundContext,
  installationId: string,
  request: ReceivedRequest,
  options: { readonly test?: boolean; readonly admitted?: boolean } = {},
): Promise<InboundAnswer> {
  // `admitted`: the route's admission opened it moments ago in this request, generation read included (D420).
  const open = await context.inboundCache.open(installationId, { checked: options.admitted === true });
  const receivedAt = context.now();
  const test = options.test === true;
  pruneInboundEventsNow(context);
  const calls: InboundCallLog = { calls: [], secrets: [] };
  // D521: what arrived and the calls made go with every record of the event, whatever its outcome.
  const evidence = () => ({ request: toStoredRequest(request, calls.secrets), adapterCalls: calls.calls });
  const log = (outcome: InboundOutcome, detail: string) =>
    recordInboundEvent(context.store.db, { installationId, outcome, receivedAt, detail, test, ...evidence() });
  let verdict: Awaited<ReturnType<typeof callInboundAdapter>>;
  try {
    if (open.app.health_status === "down") {
      throw new ServiceError("adapter_failed", `The App ${open.app.slug} is down (A8); try again later.`);
    }
    verdict = await callInboundAdapter(context, open, request, calls);
  } catch (error) {
    if (!isServiceError(error)) throw error;
    await log("adapter_failed", error.message);
    throw new ServiceError("adapter_unavailable", `${error.message} The platform should retry.`, {
      headers: { "Retry-After": "5" },
    });
  }
  if (verdict.kind === "rejected") {
    // D392: a refused test is its own row, never folded into a minute's count of a platform's refusals (D355).
    if (test) await log("rejected_signature", verdict.error);
    else await recordRefusedSignature(context, { installationId, receivedAt, detail: verdict.error });
    throw new ServiceError("unauthorized", `The adapter refused the delivery's signature: ${verdict.error}`);
  }
  if (verdict.kind === "unreadable") {
    await log("adapter_failed", `the adapter cannot read the delivery: ${verdict.error}`);
    throw new ServiceError("invalid_request", `body: the adapter cannot read the delivery: ${verdict.error}`, {
      errors: [{ path: "", message: verdict.error }],
    });
  }
  const { response: parsed } = verdict;
  const kind = inboundKind(parsed);
  if (kind === "handshake" && "challenge_response" in parsed) {
    return { kind: "handshake", challenge: parsed.challenge_response };
  }
  if (kind === "ignored" && "ignored" in parsed) return { kind: "ignored", reason: parsed.reason };
  if (!("is_bot" in parsed)) throw new Error("parse-inbound answered a shape inboundKind does not know");
  // D520: an answer over the contract's limits is the adapter's failure, and none of it is kept.
  const limited = checkMessageLimits(parsed);
  if (!limited.ok) {
    const detail = `The adapter's answer is over the contract's limits: ${limited.error}.`;
    await log("adapter_failed", detail);
    throw new ServiceError("adapter_unavailable", `${detail} The platform should retry.`, {
      headers: { "Retry-After": "5" },
    });
  }
  const response = toStorableMessage(limited.value);
  const kept = evidence();
  noteStoredBytes(context, installationId, storedSize(response, kept));
  if (response.is_bot) {
    const row = await recordInboundEvent(context.store.db, {
      installationId,
      outcome: "dropped_bot",
      receivedAt,
      eventType: response.event_type,
      sender: response.sender,
      dedupKey: response.dedup_key,
      threadId: response.thread_id,
      detail: "is_bot: the platform's echo of a message it sent",
      test,
      message: response,
      ...kept,
    });
    return { kind: "event", outcome: "dropped_bot", eventId: row.id, workflowRunIds: [] };
  }
  const routed = await context.inbound.route(
    {
      installationId,
      organizationId: open.installation.organization_id,
      appId: open.app.id,
      app: open.app.slug,
      frontDesk: open.installation.front_desk === 1,
      message: response,
      evidence: kept,
    },
    receivedAt,
  );
  // D392: routing writes its row in a batch shared with platform events; a test's is marked once it committed.
  if (test) await markTestEvent(context, routed.eventId);
  if (routed.workflowRunIds.length > 0) context.wakeWorker();
  if (routed.deliveryId != null) context.wakeDeliveries();
  return { kind: "event", ...routed };
}

/** What the record's JSON around the message text, its metadata and the body takes, about: names, headers, calls. */
const RECORD_OVERHEAD_BYTES = 1024;

/**
 * About what an event's record takes, counted toward the installation's budget (D524) without serializing it again:
 * the pruning itself sums the exact `stored_bytes` of each row.
 */
function storedSize(message: NormalizedMessage, evidence: InboundEvidence): number {
  const metadata = message.metadata === undefined ? 0 : JSON.stringify(message.metadata).length;
  return message.message.length + (evidence.request?.body.length ?? 0) + metadata + RECORD_OVERHEAD_BYTES;
}

async function markTestEvent(context: InboundContext, eventId: number): Promise<void> {
  await withInboundTables(context.store.db)
    .updateTable("inbound_events")
    .set({ is_test: 1 })
    .where("id", "=", eventId)
    .execute();
}
