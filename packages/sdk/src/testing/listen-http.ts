import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { listenStandIn } from "./listen-stand-in.ts";

/** Where {@link listenHttp} listens. */
export interface ListenHttpOptions {
  /** Port to listen on; default 0: a free one, in the `ADAPTERKIT_STANDIN_PORTS` range when that is set. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
}

/** A listening `node:http` server and how to stop it. */
export interface HttpListener {
  /** `http://<address>:<port>`, an IPv6 address in brackets. */
  readonly url: string;
  readonly server: Server;
  /** Stops listening and drops every open connection, so keep-alive clients cannot hold it open. */
  close(): Promise<void>;
}

/**
 * Serves a request listener on `node:http`, by default on a free port of 127.0.0.1: the plumbing of a local
 * stand-in platform. Rejects when the port cannot be taken.
 * @example const { url, close } = await listenHttp((req, res) => res.end("ok"));
 */
export async function listenHttp(listener: RequestListener, options: ListenHttpOptions = {}): Promise<HttpListener> {
  const server = createServer(listener);
  await listenStandIn(server, options);
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
