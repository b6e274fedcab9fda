import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { webhookAdapter } from "@adapterkit/adapter-webhook";
import { type Adapter, createAdapterHandler } from "@adapterkit/sdk";
import { pino } from "pino";

type NodeHandler = (request: IncomingMessage, response: ServerResponse) => void;

/** An adapter as its author runs it while registering it: on 127.0.0.1, port 0. */
export interface WebhookAuthorAdapter {
  /** The base URL to register (`…/webhook`). */
  readonly url: string;
  /** Serves from now on with this `ADAPTER_SIGNING_SECRET`, as the author does after reading it in the portal. */
  useSigningSecret(secret: string): void;
  /** Serves another build of the adapter at the same URL, with the same secret, as the author's next deploy. */
  useAdapter(next: Adapter): void;
  /**
   * Keeps requests waiting until the returned release is called, or `maxMs` passed (default 3 s, inside the
   * runner's shortest per-call time-out, health's 5 s), so a page can be seen mid-review.
   */
  hold(maxMs?: number): () => void;
  close(): Promise<void>;
}

const silent = pino({ level: "silent" });

/**
 * Serves the adapter (the sample webhook adapter unless given) unsigned; the author sets the App's signing secret
 * before the review.
 */
export async function startWebhookAuthorAdapter(adapter: Adapter = webhookAdapter): Promise<WebhookAuthorAdapter> {
  // A review's runner delivers to its stand-in platform on a loopback port of its own choosing (A18 allowance).
  const served = { logger: silent, allowedHosts: ["127.0.0.1"] };
  let current = adapter;
  let signingSecret: string | undefined;
  let handler: NodeHandler = createAdapterHandler(adapter, { signingSecret, ...served });
  let gate: Promise<void> | undefined;
  const server: Server = createServer((request, response) => {
    const serve = handler;
    if (gate === undefined) serve(request, response);
    else void gate.then(() => serve(request, response));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${adapter.slug}`,
    useSigningSecret(secret) {
      signingSecret = secret;
      handler = createAdapterHandler(current, { signingSecret, ...served });
    },
    useAdapter(next) {
      current = next;
      handler = createAdapterHandler(current, { signingSecret, ...served });
    },
    hold(maxMs = 3_000) {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        const timer = setTimeout(() => release(), maxMs);
        release = () => {
          clearTimeout(timer);
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
