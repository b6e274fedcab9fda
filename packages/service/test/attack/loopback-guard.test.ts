import dns from "node:dns";
import { connect, createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { guardLoopback, type LoopbackGuard } from "./loopback-guard.ts";

let guard: LoopbackGuard | undefined;
afterEach(() => guard?.restore());

function outcome(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve("connected");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

describe("the attack suite's loopback guard", () => {
  it("refuses a connection to a non-loopback address without attempting it, and records it", async () => {
    guard = guardLoopback();
    // 192.0.2.1 is TEST-NET-1: the guard refuses before any packet could leave.
    expect(await outcome("192.0.2.1", 80)).toBe("ECONNREFUSED");
    await expect(fetch("http://192.0.2.1/")).rejects.toThrow();
    expect(guard.refused).toEqual(["connect 192.0.2.1:80", "connect 192.0.2.1:80"]);
  });

  it("refuses to look up a name other than localhost", async () => {
    guard = guardLoopback();
    await expect(dns.promises.lookup("example.invalid")).rejects.toMatchObject({ code: "ENOTFOUND" });
    const error = await new Promise((resolve) => dns.resolve4("example.invalid", (e) => resolve(e)));
    expect(error).toMatchObject({ code: "ENOTFOUND" });
    expect(guard.refused).toEqual(["lookup example.invalid", "resolve4 example.invalid"]);
  });

  it("judges a connection to a name that brings its own lookup by the addresses it gives", async () => {
    guard = guardLoopback();
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    const to = (address: string | Error) =>
      new Promise<string>((resolve) => {
        const lookup = (_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
          if (address instanceof Error) callback(address);
          else if (options.all) callback(null, [{ address, family: 4 }]);
          else callback(null, address, 4);
        };
        const socket = connect({ host: "adapter.example", port, lookup: lookup as never, autoSelectFamily: false });
        socket.once("connect", () => {
          socket.destroy();
          resolve("connected");
        });
        socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      });
    expect(await to("127.0.0.1")).toBe("connected");
    expect(await to("192.0.2.1")).toBe("ECONNREFUSED");
    expect(await to(Object.assign(new Error("refused by the service"), { code: "EGUARD" }))).toBe("EGUARD");
    await new Promise((resolve) => server.close(resolve));
    expect(guard.refused).toEqual([`connect adapter.example:${port} (resolved to 192.0.2.1)`]);
  });

  it("lets loopback through", async () => {
    guard = guardLoopback();
    const server = createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    expect(await outcome("127.0.0.1", port)).toBe("connected");
    await new Promise((resolve) => server.close(resolve));
    expect(guard.refused).toEqual([]);
  });
});
