import { AdapterHttpError, type ParseInboundHandler, rawBodyOf } from "@adapterkit/sdk";
import type { chatManifest } from "../manifest.ts";
import type { SlackPayload } from "../slack-event.ts";
import { toInboundMessage } from "../to-inbound-message.ts";

/**
 * `POST /parse-inbound`: `url_verification` answers Slack's challenge; `event_callback` messages are normalized
 * (`dedup_key` is the `event_id`, which Slack keeps on every `X-Slack-Retry-Num` retry); other events are ignored.
 */
export const parseInbound: ParseInboundHandler<typeof chatManifest> = (request) => {
  const payload = parsePayload(rawBodyOf(request).toString());
  if (payload.type === "url_verification") {
    if (typeof payload.challenge !== "string")
      throw invalidBody("a url_verification payload carries a string challenge");
    return { challenge_response: payload.challenge };
  }
  if (payload.type !== "event_callback") {
    const type = typeof payload.type === "string" && payload.type !== "" ? payload.type : "untyped";
    return { ignored: true, reason: `${type} payloads carry no message` };
  }
  return toInboundMessage(payload, request.credentials.bot_user_id);
};

function parsePayload(body: string): SlackPayload {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    throw invalidBody("the body is not a JSON Events API payload");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw invalidBody("the body is not a JSON object");
  }
  return value as SlackPayload;
}

function invalidBody(message: string): AdapterHttpError {
  return new AdapterHttpError("invalid_request", `body: ${message}`, { issues: [{ path: "/body", message }] });
}
