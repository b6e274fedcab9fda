import { AdapterHttpError, type DeliverHandler } from "@adapterkit/sdk";
import { callSlack } from "../call-slack.ts";
import type { chatManifest } from "../manifest.ts";
import { stringOf } from "../slack-event.ts";

/**
 * `POST /deliver`: `chat.postMessage` to the channel (`channel_address`), in the thread when `thread_id` is given.
 * `message_id` is the message's `ts`; Slack's refusals come back as `{ ok: false, error, retryable }` (D5), and a
 * 429 with `Retry-After` as 429 `rate_limited` with that `retry_after`.
 */
export const deliver: DeliverHandler<typeof chatManifest> = async (request, context) => {
  const { credentials, channel_address: channel, message } = request;
  const result = await callSlack("chat.postMessage", {
    baseUrl: credentials.api_base_url,
    token: credentials.token,
    body: { channel, text: message.text, ...(message.thread_id ? { thread_ts: message.thread_id } : {}) },
    signal: context.signal,
    outbound: context.outbound,
  });
  if (!result.ok) {
    // The refusal shape has no delay, so a 429 with Retry-After answers D8's rate_limited, which carries it (D532).
    if (result.retryAfterSeconds !== undefined) {
      const wait = result.retryAfterSeconds;
      throw new AdapterHttpError("rate_limited", `chat.postMessage: ratelimited, retry after ${wait} s`, {
        retryAfter: wait,
      });
    }
    return { ok: false, error: result.error, retryable: result.retryable };
  }
  const posted = (result.data.message ?? {}) as Record<string, unknown>;
  const ts = stringOf(result.data.ts) ?? stringOf(posted.ts);
  if (ts === undefined)
    return { ok: false, error: "invalid_response: chat.postMessage answered without ts", retryable: false };
  const threadId = message.thread_id ?? stringOf(posted.thread_ts);
  return { ok: true, message_id: ts, ...(threadId === undefined ? {} : { thread_id: threadId }) };
};
