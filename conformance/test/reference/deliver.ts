import { randomUUID } from "node:crypto";
import { deliverRequestSchema, formatRequestSchema } from "@adapterkit/contract";
import { botMarker } from "./bot-marker.ts";
import { adapterError, json, type ReferenceRequest, type ReferenceResponse } from "./types.ts";
import { credential, validate } from "./validate.ts";

/** How long the platform may take; below the service's 10 s (D11), so a hanging platform still gets an answer. */
export const PLATFORM_TIMEOUT_MS = 8_000;

/** First answers by `Idempotency-Key`, organization and body, the oldest dropped past {@link MAX_REMEMBERED}. */
const answered = new Map<string, Promise<ReferenceResponse>>();
const MAX_REMEMBERED = 1_000;

/**
 * `POST /deliver` honouring `Idempotency-Key`: a repeat of a delivered call answers the first answer and sends
 * nothing (a refusal is forgotten, so a retry tries again); `send` delivers (a variant's own way).
 */
export function deliverOnce(
  request: ReferenceRequest,
  send: (request: ReferenceRequest) => Promise<ReferenceResponse> = deliver,
): Promise<ReferenceResponse> {
  const key = request.headers["idempotency-key"];
  if (key === undefined) return send(request);
  const id = JSON.stringify([key, request.headers["x-organization-id"] ?? "", request.rawBody]);
  const known = answered.get(id);
  if (known !== undefined) return known;
  const answer = send(request);
  answered.set(id, answer);
  if (answered.size > MAX_REMEMBERED) answered.delete(answered.keys().next().value ?? id);
  void answer.then((settled) => {
    if ((settled.body as { ok?: unknown } | undefined)?.ok !== true) answered.delete(id);
  });
  return answer;
}

/**
 * `POST /deliver`: POSTs the message to the channel address (a URL on the platform, tenant data, so through the
 * guard), stamped with the bot marker;
 * `platformTimeoutMs` 0 waits for the platform forever (a broken variant).
 */
export async function deliver(
  request: ReferenceRequest,
  platformTimeoutMs = PLATFORM_TIMEOUT_MS,
): Promise<ReferenceResponse> {
  const body = validate(deliverRequestSchema, request.json);
  if (!body.ok) return body.response;
  const token = credential(body.value.credentials, "token");
  if (!token.ok) return token.response;
  const { channel_address: address, message } = body.value;
  if (!/^https?:\/\//.test(address)) {
    return adapterError(400, "invalid_request", "channel_address must be an http(s) URL", {
      issues: [{ path: "/channel_address", message: "expected an http(s) URL" }],
    });
  }
  const payload = {
    text: message.text,
    ...(message.thread_id === undefined ? {} : { thread_id: message.thread_id }),
    bot_marker: botMarker(token.value, message.text),
  };
  let answer: Response;
  try {
    answer = await request.guardedFetch(address, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token.value}` },
      body: JSON.stringify(payload),
      ...(platformTimeoutMs > 0 ? { signal: AbortSignal.timeout(platformTimeoutMs) } : {}),
    });
  } catch (error) {
    // The guarded path wraps every failure; the time-out is its cause.
    const cause = error instanceof Error && error.cause instanceof DOMException ? error.cause : error;
    if (cause instanceof DOMException && cause.name === "TimeoutError") {
      return json(200, {
        ok: false,
        error: `the platform did not answer within ${platformTimeoutMs} ms`,
        retryable: true,
      });
    }
    return adapterError(502, "platform_error", "the platform could not be reached");
  }
  if (!answer.ok) {
    const retryable = answer.status === 429 || answer.status >= 500;
    return json(200, { ok: false, error: `the platform answered ${answer.status}`, retryable });
  }
  const sent = (await answer.json().catch(() => ({}))) as { id?: unknown };
  return json(200, {
    ok: true,
    message_id: typeof sent.id === "string" && sent.id !== "" ? sent.id : randomUUID(),
    ...(message.thread_id === undefined ? {} : { thread_id: message.thread_id }),
  });
}

/** `POST /format`: a generic webhook shows Markdown unchanged (D6). */
export function format(request: ReferenceRequest): ReferenceResponse {
  const body = validate(formatRequestSchema, request.json);
  if (!body.ok) return body.response;
  return json(200, { text: body.value.text });
}
