import { STAND_IN_MESSAGES_PATH } from "@adapterkit/adapter-chat";
import type { InstallationJson } from "@adapterkit/contract";
import type { StandIns } from "./start-stand-ins.ts";

const CHAT_TRIGGER = { type: "app_event", name: "Chat messages", event_type: "message.received" } as const;

interface ListedTrigger {
  readonly id: number;
  readonly type: string;
  readonly name: string;
  readonly app_installation_id?: string;
  readonly event_type?: string;
}

/**
 * The demo workflow's app-event trigger for the chat installation's messages: the one an earlier start on the same
 * data dir made when it still fits, else a new one; demo triggers left for an earlier installation are deleted, so
 * every start leaves exactly one. Returns why it failed instead.
 */
async function ensureChatTrigger(
  options: { serviceUrl: string; token: string; workflowId: number },
  installationId: string,
): Promise<{ id: number } | string> {
  const headers = { authorization: `Bearer ${options.token}`, "content-type": "application/json" };
  const triggers = `${options.serviceUrl}/api/v1/workflows/${options.workflowId}/triggers`;
  const listed = await fetch(triggers, { headers });
  if (listed.status !== 200) return `listing the demo workflow's triggers failed (${listed.status})`;
  const demo = ((await listed.json()) as { items: ListedTrigger[] }).items.filter(
    (trigger) => trigger.type === CHAT_TRIGGER.type && trigger.name === CHAT_TRIGGER.name,
  );
  const kept = demo.find(
    (trigger) => trigger.app_installation_id === installationId && trigger.event_type === CHAT_TRIGGER.event_type,
  );
  for (const stale of demo.filter((trigger) => trigger !== kept)) {
    const deleted = await fetch(`${options.serviceUrl}/api/v1/triggers/${stale.id}`, { method: "DELETE", headers });
    if (deleted.status !== 204) return `deleting the earlier demo trigger ${stale.id} failed (${deleted.status})`;
  }
  if (kept !== undefined) return kept;
  const response = await fetch(triggers, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...CHAT_TRIGGER, app_installation_id: installationId, target_stage: "echo" }),
  });
  if (response.status !== 201) return `creating the app-event trigger failed (${response.status})`;
  return (await response.json()) as { id: number };
}

/**
 * `npm start`'s inbound demo (issue 15): points the chat stand-in's Events API at the chat installation's inbound
 * URL (the URL-verification handshake included) and gives the demo workflow one app-event trigger for its
 * messages (one however often it starts on a data dir); returns the lines that show how to post a message and where the run and the event log are.
 */
export async function showInboundLoop(options: {
  serviceUrl: string;
  token: string;
  workflowId: number;
  standIns: StandIns;
  installations: readonly InstallationJson[];
}): Promise<string[]> {
  const chat = options.installations.find((installation) => installation.app === "chat");
  if (chat === undefined) return [];
  if (!(await options.standIns.chat.events.connect(chat.inbound_url))) {
    return ["", "inbound demo: the chat stand-in's URL verification failed; see the service log"];
  }
  const auth = `-H 'Authorization: Bearer ${options.token}'`;
  const trigger = await ensureChatTrigger(options, chat.id);
  if (typeof trigger === "string") return ["", `inbound demo: ${trigger}`];
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
