import { createServer as createHttpServer, type Server } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server as TcpServer } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stubLookup } from "../testing/stub-lookup.ts";
import { createOutbound, type Outbound, type OutboundPath } from "./create-outbound.ts";
import { OUTBOUND_UNREACHABLE, OutboundUnreachableError } from "./outbound-unreachable-error.ts";

let http: Server;
let tcp: TcpServer;
let httpPort: number;
let tcpPort: number;
let connections: number;
let warnings: Record<string, unknown>[];
let outbounds: Outbound[];

function pathOf(options: Parameters<typeof createOutbound>[0] = {}): OutboundPath {
  const outbound = createOutbound(options);
  outbounds.push(outbound);
  return outbound.forRequest({ warn: (fields: Record<string, unknown>) => warnings.push(fields) } as never);
}

async function failureOf(promise: Promise<unknown>): Promise<Error> {
  return promise.then(
    () => expect.fail("expected the call to fail"),
    (error: Error) => error,
  );
}

beforeEach(async () => {
  connections = 0;
  warnings = [];
  outbounds = [];
  http = createHttpServer((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:1/` }).end("moved"));
  http.on("connection", () => {
    connections += 1;
  });
  tcp = createTcpServer((socket) => {
    connections += 1;
    socket.end("220 hello\r\n");
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => tcp.listen(0, "127.0.0.1", resolve));
  httpPort = (http.address() as AddressInfo).port;
  tcpPort = (tcp.address() as AddressInfo).port;
});

afterEach(async () => {
  await Promise.all(outbounds.map((outbound) => outbound.close()));
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
  await new Promise((resolve) => tcp.close(resolve));
});

describe("createOutbound", () => {
  it.each([
    ["127.0.0.1", (port: number) => `http://127.0.0.1:${port}/`],
    ["localhost", (port: number) => `http://localhost:${port}/`],
    ["an IPv4-mapped IPv6 loopback", (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ["[::1]", (port: number) => `http://[::1]:${port}/`],
  ])("refuses %s with no connection made and the one sentence", async (_name, urlOf) => {
    const error = await failureOf(pathOf().fetch(urlOf(httpPort)));
    expect(error).toBeInstanceOf(OutboundUnreachableError);
    expect(error.message).toBe(OUTBOUND_UNREACHABLE);
    expect(connections).toBe(0);
    expect(String(warnings[0]?.reason)).toContain("is refused");
  });

  it.each([
    ["a private address", ["10.0.0.5"]],
    ["the metadata address", ["169.254.169.254"]],
    ["a shared address", ["100.64.1.2"]],
    ["an IPv6 unique-local address", ["fd00::1"]],
    ["one private address among public ones", ["93.184.216.34", "192.168.1.10"]],
  ])("refuses a name resolving to %s at the resolution step", async (_name, addresses) => {
    const lookup = stubLookup({ "platform.example": addresses });
    const error = await failureOf(pathOf({ lookup }).fetch("http://platform.example/api"));
    expect(error.message).toBe(OUTBOUND_UNREACHABLE);
    expect(String(warnings[0]?.reason)).toContain(`resolves to ${addresses.at(-1)}`);
  });

  it("answers a redirect as it is instead of following it", async () => {
    const response = await pathOf({ allowedHosts: [`127.0.0.1:${httpPort}`] }).fetch(`http://127.0.0.1:${httpPort}/`, {
      redirect: "follow",
    });
    expect(response.status).toBe(302);
    expect(connections).toBe(1);
  });

  it("lets an allowed host:port through and only that port", async () => {
    const path = pathOf({ allowedHosts: [`127.0.0.1:${httpPort}`] });
    expect((await path.fetch(`http://127.0.0.1:${httpPort}/`)).status).toBe(302);
    expect((await failureOf(path.connect({ host: "127.0.0.1", port: tcpPort }))).message).toBe(OUTBOUND_UNREACHABLE);
    expect(connections).toBe(1);
  });

  it("fails a refused, a closed and a silent socket target in the same words", async () => {
    const closed = createTcpServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const allowed = pathOf({ allowedHosts: ["127.0.0.1"], lookup: stubLookup({}) });
    const messages = [
      (await failureOf(pathOf().connect({ host: "127.0.0.1", port: tcpPort }))).message,
      (await failureOf(allowed.connect({ host: "127.0.0.1", port: closedPort }))).message,
      (await failureOf(allowed.connect({ host: "missing.example", port: 25 }))).message,
      // A resolver that never answers stands for a silent server: only the connect time-out ends the attempt.
      (
        await failureOf(
          pathOf({ lookup: (() => {}) as never }).connect({ host: "silent.example", port: 25, timeoutMs: 50 }),
        )
      ).message,
    ];
    expect(new Set(messages)).toEqual(new Set([OUTBOUND_UNREACHABLE]));
    expect(connections).toBe(0);
    expect(warnings.map((warning) => String(warning.reason))).toEqual([
      expect.stringContaining("is refused"),
      expect.stringContaining("ECONNREFUSED"),
      expect.stringContaining("ENOTFOUND"),
      expect.stringContaining("ETIMEDOUT"),
    ]);
  });

  it("opens a socket to an allowed host", async () => {
    const socket = await pathOf({ allowedHosts: [`127.0.0.1:${tcpPort}`] }).connect({
      host: "127.0.0.1",
      port: tcpPort,
    });
    const greeting = await new Promise<string>((resolve) => socket.once("data", (data) => resolve(String(data))));
    socket.destroy();
    expect(greeting).toBe("220 hello\r\n");
  });
});
