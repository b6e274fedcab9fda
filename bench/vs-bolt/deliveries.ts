// The requests of bench/vs-bolt and bench/vs-bolt-e2e: every request a new Slack event (its own event_id and ts)
// signed with the Slack signing secret when it is sent, as Slack delivers it or as the service forwards it.
import { signRequest } from "@adapterkit/client";
import type { InboundEnvelope } from "@adapterkit/contract";
import type { Request } from "autocannon";
import { type ChatDelivery, envelopeOf, signedChatEvent } from "../inbound/signed-chat-event.ts";

/** What a load's answers said: the event ids answered as accepted, and the first few answers that were wrong. */
export interface Answers {
  readonly accepted: Set<string>;
  readonly wrong: string[];
}

export const newAnswers = (): Answers => ({ accepted: new Set(), wrong: [] });

const EVENT_ID = /"event_id":"([^"]+)"/;

/** A connection has one request in flight (no pipelining), so its context names the event its answer is about. */
function delivered(slackSecret: string, context: Record<string, unknown>): ChatDelivery {
  const delivery = signedChatEvent(slackSecret);
  context.eventId = EVENT_ID.exec(delivery.body)?.[1];
  return delivery;
}

function judge(answers: Answers, accepted: RegExp, last: boolean) {
  return (status: number, body: string, context: Record<string, unknown>) => {
    if (status === 200 && accepted.test(body)) {
      if (last && typeof context.eventId === "string") answers.accepted.add(context.eventId);
    } else if (answers.wrong.length < 5) {
      answers.wrong.push(`${status} ${body.slice(0, 300)}`);
    }
  };
}

/** Slack's own delivery POSTed to `path` (Bolt's /slack/events, or the service's installation inbound URL). */
export function slackDeliveries(path: string, slackSecret: string, answers: Answers, accepted: RegExp): Request[] {
  return [
    {
      method: "POST",
      path,
      setupRequest: (request, context) => ({ ...request, ...delivered(slackSecret, context) }),
      onResponse: judge(answers, accepted, true),
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
      onResponse: judge(answers, /"is_bot":false/, true),
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
      onResponse: judge(answers, /"ok":true/, false),
    },
    {
      method: "POST",
      setupRequest: (request, context) =>
        signedCall(target, "parse-inbound", { ...(context.envelope as InboundEnvelope), mode: "trigger" }, request),
      onResponse: judge(answers, /"is_bot":false/, true),
    },
  ];
}
