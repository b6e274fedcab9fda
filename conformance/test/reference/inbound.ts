import { createHmac, timingSafeEqual } from "node:crypto";
import { inboundEnvelopeSchema, parseInboundRequestSchema } from "@adapterkit/contract";
import { botMarker } from "./bot-marker.ts";
import { adapterError, json, type ReferenceRequest, type ReferenceResponse } from "./types.ts";
import { credential, validate } from "./validate.ts";

const TOLERANCE_SECONDS = 300;

/** `POST /verify-webhook`: a Standard Webhooks signature over the exact body bytes, keyed with the signing secret. */
export function verifyWebhook(request: ReferenceRequest): ReferenceResponse {
  const envelope = validate(inboundEnvelopeSchema, request.json);
  if (!envelope.ok) return envelope.response;
  const secret = credential(envelope.value.credentials, "signing_secret");
  if (!secret.ok) return secret.response;
  const problem = standardWebhookProblem(secret.value, envelope.value.headers, bodyBytes(envelope.value));
  return json(200, problem === undefined ? { ok: true } : { ok: false, error: problem });
}

/** Why a Standard Webhooks signature does not hold, or undefined when it does. */
export function standardWebhookProblem(
  secret: string,
  headers: Record<string, string>,
  body: Buffer,
): string | undefined {
  const id = headers["webhook-id"];
  const timestamp = headers["webhook-timestamp"];
  const signatures = headers["webhook-signature"];
  if (!id || !timestamp || !signatures) return "missing webhook-id, webhook-timestamp or webhook-signature";
  const seconds = Number(timestamp);
  if (!Number.isInteger(seconds) || Math.abs(Date.now() / 1000 - seconds) > TOLERANCE_SECONDS) return "stale timestamp";
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const expected = createHmac("sha256", key).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(" ").some((candidate) => {
    const [version, value] = candidate.split(",");
    const given = Buffer.from(value ?? "", "base64");
    return version === "v1" && given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? undefined : "signature mismatch";
}

/** `POST /parse-inbound`: handshake, message (bot when it carries our marker) or an ignored event. */
export function parseInbound(request: ReferenceRequest): ReferenceResponse {
  const parsed = validate(parseInboundRequestSchema, request.json);
  if (!parsed.ok) return parsed.response;
  const token = credential(parsed.value.credentials, "token");
  if (!token.ok) return token.response;
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(bodyBytes(parsed.value).toString("utf8")) as Record<string, unknown>;
  } catch {
    return adapterError(400, "invalid_request", "the platform body is not JSON", {
      issues: [{ path: "/body", message: "expected JSON" }],
    });
  }
  // A body that is valid JSON but no object (an array, a string, a number, null) carries no event.
  if (typeof event !== "object" || event === null || Array.isArray(event)) {
    return json(200, { ignored: true, reason: "the platform body is not an event object" });
  }
  if (event.type === "url_verification") return json(200, { challenge_response: event.challenge ?? null });
  if (event.type !== "message")
    return json(200, { ignored: true, reason: `events of type ${String(event.type)} carry no message` });
  if (typeof event.id !== "string" || typeof event.text !== "string" || typeof event.sender !== "string") {
    return adapterError(400, "invalid_request", "a message event needs id, sender and text", {
      issues: [{ path: "/body", message: "expected id, sender and text strings" }],
    });
  }
  const isBot = typeof event.bot_marker === "string" && event.bot_marker === botMarker(token.value, event.text);
  return json(200, {
    event_type: "message.received",
    sender: event.sender,
    message: event.text,
    is_bot: isBot,
    dedup_key: event.id,
    ...(typeof event.thread_id === "string" && event.thread_id !== "" ? { thread_id: event.thread_id } : {}),
    is_dm: event.is_dm === true,
  });
}

function bodyBytes(envelope: { body: string; body_encoding?: "base64" | undefined }): Buffer {
  return Buffer.from(envelope.body, envelope.body_encoding === "base64" ? "base64" : "utf8");
}

/** `POST /inbound` (D410): `/verify-webhook` on the request, its refusal as it is, else `/parse-inbound` on it. */
export function combinedInbound(request: ReferenceRequest): ReferenceResponse {
  const verdict = verifyWebhook(request);
  if (verdict.status !== 200 || (verdict.body as { ok?: unknown }).ok !== true) return verdict;
  return parseInbound(request);
}
