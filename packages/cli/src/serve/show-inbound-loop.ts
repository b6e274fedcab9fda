import { STAND_IN_MESSAGES_PATH } from "@adapterkit/adapter-chat";
import type { InstallationJson } from "@adapterkit/contract";
import type { StandIns } from "./start-stand-ins.ts";

/**
 * `npm start`'s inbound demo (issue 15): points the chat stand-in's Events API at the chat installation's inbound
 * URL (the URL-verification handshake included) and gives the demo workflow one app-event trigger for its
 * messages (the same one however often it starts on a data dir, D466); returns the lines that show how to post a
 * message and where the run and the event log are (`auth` is the curl header to show).
 */
export async function showInboundLoop(options: {
  serviceUrl: string;
  auth: string;
  ensureTrigger: (installationId: string) => Promise<number>;
  standIns: StandIns;
  installations: readonly InstallationJson[];
}): Promise<string[]> {
  const chat = options.installations.find((installation) => installation.app === "chat");
  if (chat === undefined) return [];
  if (!(await options.standIns.chat.events.connect(chat.inbound_url))) {
    return ["", "inbound demo: the chat stand-in's URL verification failed; see the service log"];
  }
  const { auth } = options;
  const trigger = { id: await options.ensureTrigger(chat.id) };
  const messages = `${options.standIns.chat.url}${STAND_IN_MESSAGES_PATH}`;
  return [
    "",
    "inbound loop (chat): a person's message → the chat stand-in → signed Events API callback → a run",
    `  post a message               curl -X POST ${messages} -H 'Content-Type: application/json' -d '{"channel":"C1","user":"U1","text":"hello"}'`,
    `  the run it started           curl ${options.serviceUrl}/api/v1/triggers/${trigger.id}/runs ${auth}`,
    `  the inbound event log        curl ${options.serviceUrl}/api/v1/installations/${chat.id}/events ${auth}`,
    `  replies instead (front desk) curl -X PATCH ${options.serviceUrl}/api/v1/installations/${chat.id} ${auth} -H 'Content-Type: application/json' -d '{"front_desk":true}'`,
    `  the replies the bot posted   curl ${messages}`,
  ];
}
