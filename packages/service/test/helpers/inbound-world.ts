import { type ChatStandIn, chatAdapter, startChatStandIn } from "@adapterkit/adapter-chat";
import { type MailStandIn, mailAdapter, startMailStandIn } from "@adapterkit/adapter-mail";
import { startWebhookStandIn, type WebhookStandIn, webhookAdapter } from "@adapterkit/adapter-webhook";
import type { InstallationJson } from "@adapterkit/contract";
import { type AdapterServer, serve } from "@adapterkit/sdk";
import { pino } from "pino";
import type { ServiceOptions } from "../../src/index.ts";
import type { StoreLane } from "./store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "./test-service.ts";

/** A service with the chat, webhook and mail sample Apps installed in the demo organization against their stand-ins. */
export interface InboundWorld {
  readonly test: TestService;
  readonly tenant: Tenant;
  readonly chat: ChatStandIn;
  readonly webhook: WebhookStandIn;
  readonly mail: MailStandIn;
  readonly installations: {
    readonly chat: InstallationJson;
    readonly webhook: InstallationJson;
    readonly mail: InstallationJson;
  };
  /** The adapters' base URLs and the App signing secrets they check. */
  readonly adapters: {
    readonly chat: string;
    readonly webhook: string;
    readonly mail: string;
    readonly secrets: ReadonlyMap<string, string>;
  };
  close(): Promise<void>;
}

/**
 * Whether the sample adapters serve the combined `/inbound` (D410); `ADAPTERKIT_TEST_TWO_CALL_INBOUND=1` runs every
 * inbound test on the two-call fallback instead, as against adapters whose manifest does not declare it.
 */
export const COMBINED_INBOUND = process.env.ADAPTERKIT_TEST_TWO_CALL_INBOUND !== "1";

/** How the world's adapters are served. */
export interface InboundWorldOptions {
  /** Serve (and declare) the combined `/inbound`; default {@link COMBINED_INBOUND}. */
  readonly combinedInbound?: boolean;
}

async function serveSigned(
  adapter: Parameters<typeof serve>[0],
  secret: string | undefined,
  allowedHosts: readonly string[],
  combinedInbound: boolean,
): Promise<AdapterServer> {
  return serve(adapter, {
    combinedInbound,
    allowedHosts,
    port: 0,
    host: "127.0.0.1",
    handleSignals: false,
    shutdownTimeoutMs: 100,
    signingSecret: secret,
    logger: pino({ level: "silent" }),
  });
}

/**
 * Starts the service, the chat, webhook and mail stand-ins and the three sample adapters (each checking its App's signing
 * secret), and installs both Apps in the demo organization as `npm start` does (D123).
 */
export async function startInboundWorld(
  lane: StoreLane,
  options: ServiceOptions = {},
  world: InboundWorldOptions = {},
): Promise<InboundWorld> {
  const combined = world.combinedInbound ?? COMBINED_INBOUND;
  const test = await startTestService(lane, { healthPolling: false, ...options });
  const chat = await startChatStandIn();
  const webhook = await startWebhookStandIn();
  const mail = await startMailStandIn();
  const secrets = await test.service.apps.demoSigningSecrets(["chat", "webhook", "mail"]);
  // The adapters' outbound guard (A18) lets them reach the stand-ins, as npm start does, and nothing else on loopback.
  const standIns = [new URL(chat.url).host, new URL(webhook.url).host, `${mail.host}:${mail.port}`];
  const chatServer = await serveSigned(chatAdapter, secrets.get("chat"), standIns, combined);
  const webhookServer = await serveSigned(webhookAdapter, secrets.get("webhook"), standIns, combined);
  const mailServer = await serveSigned(mailAdapter, secrets.get("mail"), standIns, combined);
  const url = (server: AdapterServer) => server.url.replace("localhost", "127.0.0.1");
  const [chatInstallation, webhookInstallation, mailInstallation] = await test.service.apps.installDemoApps(
    { organization: "demo" },
    {
      adapters: [
        { slug: "chat", baseUrl: url(chatServer), credentials: chat.credentials },
        { slug: "webhook", baseUrl: url(webhookServer), credentials: webhook.credentials },
        { slug: "mail", baseUrl: url(mailServer), credentials: mail.credentials },
      ],
      signingSecrets: secrets,
    },
  );
  if (chatInstallation === undefined || webhookInstallation === undefined || mailInstallation === undefined) {
    throw new Error("install failed");
  }
  // The demo Apps are installed by the local operator into the demo project ("default"), which this token reads.
  const tenant = await createTenant(test, "demo", "default");
  return {
    test,
    tenant,
    chat,
    webhook,
    mail,
    installations: { chat: chatInstallation, webhook: webhookInstallation, mail: mailInstallation },
    adapters: { chat: url(chatServer), webhook: url(webhookServer), mail: url(mailServer), secrets },
    async close() {
      await test.close();
      await Promise.all([chatServer.close(), webhookServer.close(), mailServer.close()]);
      await Promise.all([chat.close(), webhook.close(), mail.close()]);
    },
  };
}

/** Creates an app-event trigger through the API; throws with the answer when it is not a 201. */
export async function createAppEventTrigger(
  world: Pick<InboundWorld, "test" | "tenant">,
  workflowId: number,
  body: Record<string, unknown>,
): Promise<{ id: number; fire_count: number }> {
  const response = await world.test.call(`/api/v1/workflows/${workflowId}/triggers`, {
    token: world.tenant.token,
    json: { type: "app_event", name: "inbound", event_type: "message.received", ...body },
  });
  if (response.status !== 201) throw new Error(`trigger create: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: number; fire_count: number };
}

/** The path of an installation's inbound URL on the test service. */
export function inboundPath(installation: Pick<InstallationJson, "id">): string {
  return `/api/v1/apps/${installation.id}/inbound`;
}
