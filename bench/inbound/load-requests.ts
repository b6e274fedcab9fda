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
 * The floor: the same deliveries sent straight to the adapter, as the service sends them to an adapter that declares
 * the combined endpoint (D410): one `/inbound` call with the D2 envelope in trigger mode, signed with the App's
 * secret (D9).
 */
export function floorRequests(adapterUrl: string, appSecret: string, credentials: Record<string, string>): Request[] {
  const url = new URL(adapterUrl);
  const prefix = url.pathname.replace(/\/$/, "");
  return [
    {
      method: "POST",
      path: `${prefix}/inbound`,
      setupRequest: (request) => {
        const envelope = envelopeOf(signedChatEvent(credentials.signing_secret ?? ""), url.host, credentials);
        const body = JSON.stringify({ ...envelope, mode: "trigger" });
        return {
          ...request,
          body,
          headers: { "content-type": "application/json", ...signRequest({ secret: appSecret, body }) },
        };
      },
      onResponse: expecting(/"is_bot":false/),
    },
  ];
}
