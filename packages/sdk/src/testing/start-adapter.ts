import { pino } from "pino";
import type { Adapter } from "../define/define-adapter.ts";
import type { ManifestInput } from "../define/manifest-input.ts";
import { type AdapterServer, type ServeOptions, serve } from "../http/serve.ts";
import { type AdapterClient, createAdapterClient } from "./adapter-client.ts";

/** A started adapter: its base URL, a typed client for it, and how to stop it. */
export interface StartedAdapter<M extends ManifestInput> {
  readonly url: string;
  readonly client: AdapterClient<M>;
  readonly server: AdapterServer;
  close(): Promise<void>;
}

/**
 * Serves an adapter on a free port of 127.0.0.1 with a typed client that signs as the service does; logs are
 * silent unless `LOG_LEVEL` is set. No D9 secret is read from the environment unless passed.
 * @example const { client, close } = await startAdapter(adapter); await client.health(); await close();
 */
export async function startAdapter<M extends ManifestInput>(
  adapter: Adapter<M>,
  options: Omit<ServeOptions, "port" | "host" | "handleSignals"> = {},
): Promise<StartedAdapter<M>> {
  const server = await serve(adapter, {
    logger: pino({ level: process.env.LOG_LEVEL ?? "silent" }),
    signingSecret: undefined,
    version: "test",
    ...options,
    port: 0,
    host: "127.0.0.1",
    handleSignals: false,
  });
  const client = createAdapterClient<M>(server.url, { signingSecret: options.signingSecret });
  return { url: server.url, client, server, close: () => server.close() };
}
