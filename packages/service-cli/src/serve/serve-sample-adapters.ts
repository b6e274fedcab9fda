import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  ADAPTER_ALLOWED_HOSTS,
  ADAPTER_SERVER_KEEP_ALIVE_MS,
  type Adapter,
  createAdapterHandler,
  parseAllowedHosts,
} from "@adapterkit/sdk";

/** The sample adapters on one port, each under its slug and each checking its own App's signing secret (D9). */
export interface SampleAdapters {
  readonly urls: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

/**
 * Serves each adapter with its own `ADAPTER_SIGNING_SECRET` (mountAdapters takes one for all), routing by the first
 * path segment; anything else is the SDK's D8 404 of the first adapter. The adapters' outbound guard
 * (architecture.md#a18) lets through `allowedHosts` (the local stand-ins) and whatever `ADAPTER_ALLOWED_HOSTS` lists.
 */
export async function serveSampleAdapters(
  adapters: readonly Adapter[],
  options: { port: number; host: string; secrets: ReadonlyMap<string, string>; allowedHosts: readonly string[] },
): Promise<SampleAdapters> {
  const allowedHosts = [...options.allowedHosts, ...parseAllowedHosts(process.env[ADAPTER_ALLOWED_HOSTS])];
  const handlers = new Map(
    adapters.map((adapter) => [
      adapter.slug,
      createAdapterHandler(adapter, { signingSecret: options.secrets.get(adapter.slug), allowedHosts }),
    ]),
  );
  const fallback = [...handlers.values()][0];
  const server = createServer(
    { keepAliveTimeout: ADAPTER_SERVER_KEEP_ALIVE_MS },
    (req: IncomingMessage, res: ServerResponse) => {
      const slug = (req.url ?? "/").split(/[/?]/)[1] ?? "";
      (handlers.get(slug) ?? fallback)?.(req, res);
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host === "0.0.0.0" || options.host === "::" ? "localhost" : options.host;
  const urls = Object.fromEntries(adapters.map((adapter) => [adapter.slug, `http://${host}:${port}/${adapter.slug}`]));
  return {
    urls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 2_000).unref();
      }),
  };
}
