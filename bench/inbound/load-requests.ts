import { signRequest } from "@adapterkit/client";
import type { Request } from "autocannon";
import { envelopeOf, signedChatEvent } from "./signed-chat-event.ts";

/** Answers that were not what a delivered event must get; the load is void when any are counted. */
export const wrongAnswers: string[] = [];
const expecting = (pattern: RegExp) => (status: number, body: string) => {
  if ((status !== 200 || !pattern.test(body)) && wrongAnswers.length < 5) wrongAnswers.push(`${status} ${body}`);
};

/** The pipeline: each request a new signed platform delivery to the installation's inbound URL, answered `accepted`. */
export function pipelineRequests(inboundPath: string, slackSecret: string): Request[] {
  return [
    {
      method: "POST",
      path: inboundPath,
      setupRequest: (request) => ({ ...request, ...signedChatEvent(slackSecret) }),
      onResponse: expecting(/"outcome":"accepted","event_id":\d+,"workflow_run_ids":\[\d+\]/),
    },
  ];
}

/**
 * The floor: the same deliveries sent straight to the adapter, as the service sends them: `/verify-webhook` with the
 * D2 envelope, then `/parse-inbound` with the same envelope in trigger mode, each signed with the App's secret (D9).
 */
export function floorRequests(adapterUrl: string, appSecret: string, credentials: Record<string, string>): Request[] {
  const url = new URL(adapterUrl);
  const prefix = url.pathname.replace(/\/$/, "");
  const signed = (request: Request, body: string): Request => ({
    ...request,
    body,
    headers: { "content-type": "application/json", ...signRequest({ secret: appSecret, body }) },
  });
  return [
    {
      method: "POST",
      path: `${prefix}/verify-webhook`,
      setupRequest: (request, context) => {
        const envelope = envelopeOf(signedChatEvent(credentials.signing_secret ?? ""), url.host, credentials);
        context.envelope = envelope;
        return signed(request, JSON.stringify(envelope));
      },
      onResponse: expecting(/^\{"ok":true\}$/),
    },
    {
      method: "POST",
      path: `${prefix}/parse-inbound`,
      setupRequest: (request, context) =>
        signed(request, JSON.stringify({ ...(context.envelope as object), mode: "trigger" })),
      onResponse: expecting(/"is_bot":false/),
    },
  ];
}
