import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { ADAPTER_SERVER_KEEP_ALIVE_MS } from "@adapterkit/sdk";

/** A loopback proxy in front of an adapter that can hold one request unanswered (to kill the service mid-review). */
export interface HoldingProxy {
  /** The adapter's base URL through the proxy (the same path). */
  readonly url: string;
  /** Requests forwarded or held so far. */
  readonly count: number;
  /** The request with this number (1-based) is held, never answered; undefined holds none. */
  holdAfter: number | undefined;
  /** Resolves when a request was held. */
  readonly held: Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts a proxy on a free port forwarding to `127.0.0.1:<port>`, keeping the path of `adapterUrl`. Toward the
 * service it keeps idle connections as the SDK's `serve()` does, so the service closes them first (D627); toward the
 * adapter it opens a connection per request, so no kept one can be the one the adapter is closing.
 */
export async function startHoldingProxy(adapterUrl: string): Promise<HoldingProxy> {
  const target = new URL(adapterUrl);
  let count = 0;
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const proxy: { holdAfter: number | undefined } = { holdAfter: undefined };
  const server = createServer({ keepAliveTimeout: ADAPTER_SERVER_KEEP_ALIVE_MS }, (incoming, outgoing) => {
    count += 1;
    if (count === proxy.holdAfter) {
      onHeld();
      return;
    }
    const forwarded = request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, connection: "close" },
        agent: false,
      },
      (answer) => {
        // The adapter's own connection headers are its hop's, not this one's.
        const { connection: _connection, "keep-alive": _keepAlive, ...headers } = answer.headers;
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${target.pathname}`,
    get count() {
      return count;
    },
    get holdAfter() {
      return proxy.holdAfter;
    },
    set holdAfter(value) {
      proxy.holdAfter = value;
    },
    held,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
