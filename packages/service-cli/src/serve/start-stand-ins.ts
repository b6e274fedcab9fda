import { type ChatStandIn, startChatStandIn } from "@adapterkit/adapter-chat";
import { startFilesStandIn } from "@adapterkit/adapter-files";
import { startMailStandIn } from "@adapterkit/adapter-mail";
import { startTasksStandIn } from "@adapterkit/adapter-tasks";
import { startWebhookStandIn } from "@adapterkit/adapter-webhook";
import { startToolServerStandIn, type ToolServerStandIn } from "@adapterkit/service";

/** One local stand-in of a sample adapter's platform: where it listens and credentials that work against it. */
export interface StandInSummary {
  readonly adapter: string;
  readonly what: string;
  readonly url: string;
  readonly credentials: Record<string, unknown>;
  readonly extra?: Record<string, unknown>;
}

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
 * Starts the stand-ins of the five sample platforms on free loopback ports; the tasks platform's OAuth client may
 * send the user back to `oauthRedirectUris` (the service's `/oauth/callback`).
 */
export async function startStandIns(options: { oauthRedirectUris?: readonly string[] } = {}): Promise<StandIns> {
  const [mail, files, chat, webhook, tasks, toolServer] = await Promise.all([
    startMailStandIn(),
    startFilesStandIn(),
    startChatStandIn(),
    startWebhookStandIn(),
    startTasksStandIn({ redirectUris: options.oauthRedirectUris ?? [] }),
    startToolServerStandIn(),
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
