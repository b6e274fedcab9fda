import { type AddressInfo, createServer, type Socket } from "node:net";

/** A listener that counts every connection made to it. */
export interface Trap {
  readonly host: string;
  readonly port: number;
  /** `http://<host>:<port>`, an IPv6 address in brackets. */
  readonly url: string;
  /** How many connections reached it so far. */
  connections(): number;
  close(): Promise<void>;
}

/**
/** Where {@link listenTrap} listens and what it says. */
export interface TrapOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Greet every connection as an SMTP server does (`220`); otherwise answer an HTTP request 404. */
  smtp?: boolean;
}

/**
 * Listens on a free port and counts connections: the address an outbound-guard test points an adapter at, to prove
 * that nothing arrives. A connection that gets through meets a live server (an HTTP 404, or an SMTP greeting).
 * @example const trap = await listenTrap(); await verify(trap.url); expect(trap.connections()).toBe(0);
 */
export async function listenTrap(options: TrapOptions = {}): Promise<Trap> {
  const host = options.host ?? "127.0.0.1";
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    if (options.smtp) {
      socket.write("220 trap ESMTP\r\n");
      socket.once("data", () => socket.end());
    } else
      socket.once("data", () => socket.end("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\nconnection: close\r\n\r\n"));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    host,
    port,
    url: `http://${host.includes(":") ? `[${host}]` : host}:${port}`,
    connections: () => count,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port of `host` that nothing listens on (it was free a moment ago), for a connection that is refused. */
export async function closedPort(host = "127.0.0.1"): Promise<number> {
  const trap = await listenTrap({ host });
  await trap.close();
  return trap.port;
}
