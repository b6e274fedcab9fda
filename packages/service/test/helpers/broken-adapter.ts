import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { webhookAdapter, webhookManifest } from "@adapterkit/adapter-webhook";
import { type Adapter, serve } from "@adapterkit/sdk";
import { pino } from "pino";

/** How a broken adapter misbehaves: answers HTML to everything, never answers, or serves a manifest but is not ready. */
export type Breakage = "garbage" | "hang" | "unready";

const MANIFEST = JSON.stringify({ schema_version: "1.0", name: "Broken", slug: "broken" });
const UNREADY = JSON.stringify({ status: "starting", version: "v0", adapter: "broken" });

/** A real HTTP server on 127.0.0.1 that breaks the contract in one way, at `<url>` (slug `broken`). */
export interface BrokenAdapter {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a broken adapter; `hang` keeps every request open until close. */
export async function startBrokenAdapter(breakage: Breakage): Promise<BrokenAdapter> {
  const server: Server = createServer((request, response) => {
    if (breakage === "garbage") response.writeHead(200, { "content-type": "text/html" }).end("<html>oops</html>");
    if (breakage !== "unready") return;
    const body = request.url?.endsWith("/manifest.json") ? MANIFEST : UNREADY;
    response.writeHead(200, { "content-type": "application/json" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/broken`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL where nothing listens: a port taken and released again. */
export async function unusedAdapterUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/down`;
}

/** The slug of {@link brokenWebhookAdapter}. */
export const BROKEN_WEBHOOK_SLUG = "broken-webhook";

/**
 * The sample webhook adapter with one deliberate fault for a review to find: its /parse-inbound says `is_bot` the
 * wrong way round (a person's message is a bot's, the adapter's own echo a person's), so the feedback-loop checks
 * fail with expected/actual, a JSON Pointer and a curl line. Its slug is `broken-webhook`, so it can be registered
 * beside the sound one.
 */
export const brokenWebhookAdapter: Adapter = (() => {
  const parse = webhookAdapter.handlers.get("parse-inbound");
  if (parse === undefined) throw new Error("the webhook adapter has no parse-inbound handler");
  const handlers = new Map(webhookAdapter.handlers);
  handlers.set("parse-inbound", async (input, context) => {
    const event = (await parse(input, context)) as { is_bot: boolean };
    return { ...event, is_bot: !event.is_bot };
  });
  const manifest = { ...webhookManifest, slug: BROKEN_WEBHOOK_SLUG, name: "Broken webhook" };
  return { ...webhookAdapter, slug: BROKEN_WEBHOOK_SLUG, manifest, handlers } as Adapter;
})();

/** The webhook adapter's own conformance fixtures file (its text), which both variants pass or fail under. */
export const WEBHOOK_FIXTURES_TEXT = readFileSync(
  fileURLToPath(new URL("../../../../adapters/webhook/conformance.fixtures.json", import.meta.url)),
  "utf8",
);

/** A sample adapter served on 127.0.0.1, on a port it keeps when it comes back with a signing secret. */
export interface ServedWebhookApp {
  readonly url: string;
  readonly port: number;
  /** The author "sets ADAPTER_SIGNING_SECRET and redeploys": the same URL, now checking the App's secret. */
  restartWith(signingSecret: string): Promise<void>;
  close(): Promise<void>;
}

/** Serves the sample webhook adapter (or its broken variant) on a free port, unsigned until `restartWith`. */
export async function serveWebhookApp(options: { broken?: boolean } = {}): Promise<ServedWebhookApp> {
  const adapter = options.broken === true ? brokenWebhookAdapter : webhookAdapter;
  const start = (port: number, signingSecret?: string) =>
    serve(adapter, {
      // A review's runner starts its stand-in platform on a loopback port of its own choosing, which deliveries reach.
      allowedHosts: ["127.0.0.1"],
      port,
      host: "127.0.0.1",
      handleSignals: false,
      logger: pino({ level: "silent" }),
      version: "test",
      signingSecret,
    });
  let server = await start(0);
  const { port, url } = server;
  return {
    url,
    port,
    async restartWith(signingSecret) {
      await server.close();
      server = await start(port, signingSecret);
    },
    close: () => server.close(),
  };
}
