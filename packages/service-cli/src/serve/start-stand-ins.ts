import { type ChatStandIn, startChatStandIn } from "@adapterkit/adapter-chat";
import { startFilesStandIn } from "@adapterkit/adapter-files";
import { startMailStandIn } from "@adapterkit/adapter-mail";
import { startTasksStandIn } from "@adapterkit/adapter-tasks";
import { startWebhookStandIn } from "@adapterkit/adapter-webhook";
import { startToolServerStandIn, type ToolServerStandIn } from "@adapterkit/service";
import { type PreviousStandIns, portToReuse, previousSecret } from "./previous-stand-ins.ts";
import type { StandInSummary } from "./stand-in-summary.ts";

/** The tool server's name among the stand-ins (no sample adapter has this slug). */
export const TOOL_SERVER = "tool-server";

/** The running stand-ins, so the whole kit works offline (D28). */
export interface StandIns {
  readonly summaries: readonly StandInSummary[];
  /** The chat platform, whose Events API side posts to an installation's inbound URL. */
  readonly chat: ChatStandIn;
  /** A Model Context Protocol tool server (A13), which the demo organization connects as a Skill. */
  readonly toolServer: ToolServerStandIn;
  close(): Promise<void>;
}

/**
 * Starts the stand-ins of the five sample platforms and the tool server on loopback: each on the port and with the
 * secrets of the `previous` start when that port is free (D464), else on a free port; the tasks platform's OAuth
 * client may send the user back to `oauthRedirectUris` (the service's `/oauth/callback`).
 */
export async function startStandIns(
  options: { oauthRedirectUris?: readonly string[]; previous?: PreviousStandIns } = {},
): Promise<StandIns> {
  const previous = options.previous ?? new Map();
  const port = (name: string) => portToReuse(previous.get(name)?.port);
  // The secret a stand-in made up last time, under the option name its start function takes; nothing when none.
  const secret = <Option extends string>(name: string, field: string, option: Option) => {
    const value = previousSecret(previous, name, field);
    return (value === undefined ? {} : { [option]: value }) as { [K in Option]?: string };
  };
  const [mail, files, chat, webhook, tasks, toolServer] = await Promise.all([
    startMailStandIn({ port: await port("mail") }),
    startFilesStandIn({ port: await port("files") }),
    startChatStandIn({ port: await port("chat"), ...secret("chat", "signing_secret", "signingSecret") }),
    startWebhookStandIn({ port: await port("webhook"), ...secret("webhook", "signing_secret", "signingSecret") }),
    startTasksStandIn({
      port: await port("tasks"),
      redirectUris: options.oauthRedirectUris ?? [],
      ...secret("tasks", "client_secret", "clientSecret"),
    }),
    startToolServerStandIn({ port: await port(TOOL_SERVER) }),
  ]);
  return {
    chat,
    toolServer,
    summaries: [
      {
        adapter: "mail",
        what: "SMTP server (captures every mail)",
        url: mail.url,
        credentials: { ...mail.credentials },
      },
      {
        adapter: "files",
        what: "WebDAV server with demo files",
        url: files.url,
        credentials: { ...files.credentials },
        extra: { resource_path: files.resourcePath },
      },
      { adapter: "chat", what: "chat-platform Web API", url: chat.url, credentials: { ...chat.credentials } },
      {
        adapter: "webhook",
        what: "webhook receiver (GET /deliveries lists them)",
        url: webhook.url,
        credentials: { ...webhook.credentials },
        extra: { channel_address: webhook.channelAddress },
      },
      {
        adapter: "tasks",
        what: "OAuth 2 authorization server (a demo user approves at once) and tasks API",
        url: tasks.url,
        credentials: { ...tasks.credentials },
        extra: { authorize_url: tasks.authorizeUrl, token_url: tasks.tokenUrl },
      },
      {
        adapter: TOOL_SERVER,
        what: "Model Context Protocol tool server (the demo organization's Skill)",
        url: toolServer.url,
        credentials: {},
      },
    ],
    close: async () => {
      await Promise.all([
        mail.close(),
        files.close(),
        chat.close(),
        webhook.close(),
        tasks.close(),
        toolServer.close(),
      ]);
    },
  };
}
