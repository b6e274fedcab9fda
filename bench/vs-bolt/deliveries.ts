// The requests of bench/vs-bolt and bench/vs-bolt-e2e: every request a new Slack event (its own event_id and ts)
// signed with the Slack signing secret when it is sent, as Slack delivers it or as the service forwards it.
import { signRequest } from "@adapterkit/client";
import type { InboundEnvelope } from "@adapterkit/contract";
import type { Request } from "autocannon";
import { type ChatDelivery, envelopeOf, signedChatEvent, signedRetry } from "../inbound/signed-chat-event.ts";

/** What a load's answers said: the event ids answered 200, retries sent, and the first few answers that were wrong. */
export interface Answers {
  /** Event ids answered as accepted (for Bolt, whose answer is an empty 200 either way: answered 200). */
  readonly accepted: Set<string>;
  /** Event ids a delivery of which was answered 200 as a duplicate (a side that tells). */
  readonly duplicates: Set<string>;
  /** Answers of "accepted" for an event already answered so: an event routed twice (a side that tells). */
  acceptedTwice: number;
  /** Deliveries sent again as Slack retries them (the same body, `X-Slack-Retry-Num: 1`). */
  retriesSent: number;
  readonly wrong: string[];
}

export const newAnswers = (): Answers => ({
  accepted: new Set(),
  duplicates: new Set(),
  acceptedTwice: 0,
  retriesSent: 0,
  wrong: [],
});

/** How a side answers a delivery: an accepting 200, and (when it tells) a 200 for a delivery seen before. */
export interface AnswerShapes {
  readonly accepted: RegExp;
  readonly duplicate?: RegExp | undefined;
}

const EVENT_ID = /"event_id":"([^"]+)"/;

/** A connection has one request in flight (no pipelining), so its context names the event its answer is about. */
function delivered(slackSecret: string, context: Record<string, unknown>): ChatDelivery {
  const delivery = signedChatEvent(slackSecret);
  context.eventId = EVENT_ID.exec(delivery.body)?.[1];
  return delivery;
}

function judge(answers: Answers, shapes: AnswerShapes, last: boolean) {
  return (status: number, body: string, context: Record<string, unknown>) => {
    const eventId = typeof context.eventId === "string" ? context.eventId : undefined;
    if (status === 200 && shapes.accepted.test(body)) {
      if (!last || eventId === undefined) return;
      if (shapes.duplicate !== undefined && answers.accepted.has(eventId)) answers.acceptedTwice += 1;
      answers.accepted.add(eventId);
    } else if (status === 200 && last && eventId !== undefined && shapes.duplicate?.test(body)) {
      answers.duplicates.add(eventId);
    } else if (answers.wrong.length < 5) {
      answers.wrong.push(`${status} ${body.slice(0, 300)}`);
    }
  };
}

/**
 * Slack's own delivery POSTed to `path` (Bolt's /slack/events, or the service's installation inbound URL). With
 * `retryEvery: n`, every n-th new event is delivered once more as Slack retries it (D552): the same body, signed
 * anew, with `X-Slack-Retry-Num: 1`, sent as the next request of any connection, so often while the first is in flight.
 */
export function slackDeliveries(
  path: string,
  slackSecret: string,
  answers: Answers,
  options: AnswerShapes & { readonly retryEvery?: number | undefined },
): Request[] {
  const retries: string[] = [];
  let events = 0;
  return [
    {
      method: "POST",
      path,
      setupRequest: (request, context) => {
        const body = retries.shift();
        if (body !== undefined) {
          answers.retriesSent += 1;
          context.eventId = EVENT_ID.exec(body)?.[1];
          return { ...request, ...signedRetry(slackSecret, body) };
        }
        const delivery = delivered(slackSecret, context);
        events += 1;
        if (options.retryEvery !== undefined && events % options.retryEvery === 0) retries.push(delivery.body);
        return { ...request, ...delivery };
      },
      onResponse: judge(answers, options, true),
    },
  ];
}

/** Where the service sends an App's calls, with the App's signing secret (D9) and the installation's credentials. */
export interface AdapterTarget {
  readonly url: string;
  readonly appSecret: string;
  readonly slackSecret: string;
  readonly credentials: Record<string, string>;
}

function signedCall(target: AdapterTarget, endpoint: string, payload: object, request: Request): Request {
  const body = JSON.stringify(payload);
  const headers = { "content-type": "application/json", ...signRequest({ secret: target.appSecret, body }) };
  return { ...request, path: `${new URL(target.url).pathname.replace(/\/$/, "")}/${endpoint}`, body, headers };
}

function envelope(target: AdapterTarget, context: Record<string, unknown>): InboundEnvelope {
  return envelopeOf(delivered(target.slackSecret, context), new URL(target.url).host, target.credentials);
}

/** The service's one combined `/inbound` call per event, in trigger mode, to an adapter that declares it (D411). */
export function combinedCalls(target: AdapterTarget, answers: Answers): Request[] {
  return [
    {
      method: "POST",
      setupRequest: (request, context) =>
        signedCall(target, "inbound", { ...envelope(target, context), mode: "trigger" }, request),
      onResponse: judge(answers, { accepted: /"is_bot":false/ }, true),
    },
  ];
}

/** The fallback for an adapter that does not declare `/inbound`: `/verify-webhook`, then `/parse-inbound`. */
export function twoCalls(target: AdapterTarget, answers: Answers): Request[] {
  return [
    {
      method: "POST",
      setupRequest: (request, context) => {
        context.envelope = envelope(target, context);
        return signedCall(target, "verify-webhook", context.envelope as InboundEnvelope, request);
      },
      onResponse: judge(answers, { accepted: /"ok":true/ }, false),
    },
    {
      method: "POST",
      setupRequest: (request, context) =>
        signedCall(target, "parse-inbound", { ...(context.envelope as InboundEnvelope), mode: "trigger" }, request),
      onResponse: judge(answers, { accepted: /"is_bot":false/ }, true),
    },
  ];
}
