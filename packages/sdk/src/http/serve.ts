import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Adapter } from "../define/define-adapter.ts";
import { createAdaptersDispatcher } from "./create-adapter-handler.ts";
import { type AdapterHandlerOptions, type Lifecycle, toSettings } from "./settings.ts";

/**
 * How long an adapter's server keeps an idle connection: well past the 4 s the service keeps one
 * (`ADAPTER_CLIENT_IDLE_MS` of `@adapterkit/client`), so the service always closes first and never sends a call on a
 * connection the server is closing; and past the 60 s of the usual load balancer in front. Node's own default is 5 s.
 */
export const ADAPTER_SERVER_KEEP_ALIVE_MS = 65_000;

/** Options of {@link serve} and {@link mountAdapters}. */
export interface ServeOptions extends AdapterHandlerOptions {
  /** Port to listen on; 0 picks a free one. Defaults to `PORT`, else 3000. */
  port?: number;
  /** Interface to listen on; default all. */
  host?: string;
  /** How long shutdown waits for requests in flight before closing their connections; default 10 s. */
  shutdownTimeoutMs?: number;
  /** Shut down gracefully on SIGTERM and SIGINT; default true. */
  handleSignals?: boolean;
}

/** A running server of one or more adapters. */
export interface AdaptersServer {
  readonly server: Server;
  readonly port: number;
  /** Base URL of each adapter, by slug: `http://host:port/<slug>`. */
  readonly urls: Readonly<Record<string, string>>;
  /** Stops taking requests, lets those in flight finish (up to the shutdown timeout) and closes. */
  close(): Promise<void>;
}

/** A running server of one adapter. */
export interface AdapterServer extends AdaptersServer {
  /** The adapter's base URL, `http://host:port/<slug>` (D1). */
  readonly url: string;
}

/**
 * Serves several adapters on one port, each under its own slug (D1).
 * @example await mountAdapters([mail, chat, webhook, files], { port: 3100 });
 */
export async function mountAdapters(adapters: readonly Adapter[], options: ServeOptions = {}): Promise<AdaptersServer> {
  const lifecycle: Lifecycle = { draining: false };
  const settings = toSettings(options, lifecycle);
  const server = createServer(
    { keepAliveTimeout: ADAPTER_SERVER_KEEP_ALIVE_MS },
    createAdaptersDispatcher(adapters, settings),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? Number(process.env.PORT ?? 3000), options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host && options.host !== "0.0.0.0" && options.host !== "::" ? options.host : "localhost";
  const urls = Object.fromEntries(
    adapters.map((adapter) => [adapter.slug, `http://${hostForUrl(host)}:${port}/${adapter.slug}`]),
  );
  let closing: Promise<void> | undefined;
  let stopListening = () => {};
  const close = () => {
    stopListening();
    closing ??= shutDown(server, lifecycle, options.shutdownTimeoutMs ?? 10_000).then(() => settings.outbound.close());
    return closing;
  };
  if (options.handleSignals ?? true) stopListening = onSignals(close, settings.log);
  settings.log.info({ port, urls }, "listening");
  return { server, port, urls, close };
}

/**
 * Serves one adapter on `node:http` under `/<slug>`, with the manifest, health, D8 errors, D9 and graceful shutdown.
 * @example const { url } = await serve(adapter, { port: 3100 });
 */
export async function serve(adapter: Adapter, options: ServeOptions = {}): Promise<AdapterServer> {
  const running = await mountAdapters([adapter], options);
  return { ...running, url: running.urls[adapter.slug] as string };
}

async function shutDown(server: Server, lifecycle: Lifecycle, timeoutMs: number): Promise<void> {
  lifecycle.draining = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), timeoutMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
}

function onSignals(close: () => Promise<void>, log: { info: (obj: object, msg: string) => void }): () => void {
  const stop = () => process.off("SIGTERM", onSignal).off("SIGINT", onSignal);
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    log.info({ signal }, "shutting down");
    // Re-raise once closed, so the process ends the way that signal normally ends it.
    void close().then(() => process.kill(process.pid, signal));
  };
  process.on("SIGTERM", onSignal).on("SIGINT", onSignal);
  return stop;
}

function hostForUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}
