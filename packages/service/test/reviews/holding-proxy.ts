import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";

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

/** Starts a proxy on a free port forwarding to `127.0.0.1:<port>`, keeping the path of `adapterUrl`. */
export async function startHoldingProxy(adapterUrl: string): Promise<HoldingProxy> {
  const target = new URL(adapterUrl);
  let count = 0;
  let onHeld: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const proxy: { holdAfter: number | undefined } = { holdAfter: undefined };
  const server = createServer((incoming, outgoing) => {
    count += 1;
    if (count === proxy.holdAfter) {
      onHeld();
      return;
    }
    const forwarded = request(
      { host: "127.0.0.1", port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
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
