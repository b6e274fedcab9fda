import { createServer } from "node:net";

/** A loopback port nothing listens on now: the OS's pick for port 0, released again at once. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address !== null ? done(address.port) : fail(new Error("no port")),
      );
    });
  });
}
