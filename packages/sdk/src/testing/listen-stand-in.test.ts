import { createServer as createHttpServer, get } from "node:http";
import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { freeStandInPort, listenStandIn, standInPortRange } from "./listen-stand-in.ts";

const servers: Server[] = [];

function server(): Server {
  const created = createServer();
  servers.push(created);
  return created;
}

/** A port P such that P and P + 1 were both free a moment ago. */
async function twoFreePorts(): Promise<number> {
  for (;;) {
    const probe = server();
    const port = await listenStandIn(probe, { env: {} });
    const next = server();
    const taken = await listenStandIn(next, { port: port + 1, env: {} }).then(
      () => false,
      () => true,
    );
    await new Promise((resolve) => probe.close(resolve));
    if (!taken) await new Promise((resolve) => next.close(resolve));
    if (!taken && port < 65535) return port;
  }
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((each) => new Promise((resolve) => each.close(resolve))));
});

describe("listenStandIn", () => {
  it("reads ADAPTERKIT_STANDIN_PORTS as an inclusive range", () => {
    expect(standInPortRange({ ADAPTERKIT_STANDIN_PORTS: "20000-20999" })).toEqual({ first: 20000, last: 20999 });
    expect(standInPortRange({ ADAPTERKIT_STANDIN_PORTS: " 20000-20000 " })).toEqual({ first: 20000, last: 20000 });
    expect(standInPortRange({})).toBeUndefined();
    expect(standInPortRange({ ADAPTERKIT_STANDIN_PORTS: "" })).toBeUndefined();
  });

  it.each([
    "20000",
    "20999-20000",
    "0-10",
    "20000-70000",
    "a-b",
    "20000-",
  ])("rejects the setting %j by name", (text) => {
    expect(() => standInPortRange({ ADAPTERKIT_STANDIN_PORTS: text })).toThrow(
      /ADAPTERKIT_STANDIN_PORTS must be a port range such as 20000-20999/,
    );
  });

  it("has an HTTP stand-in keep an idle connection 65 s, so its clients close first (D630)", async () => {
    const http = createHttpServer((_req, res) => res.end("ok"));
    servers.push(http);
    const port = await listenStandIn(http, { env: {} });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      get({ host: "127.0.0.1", port, headers: { connection: "keep-alive" }, agent: false }, (res) => {
        res.resume().on("end", () => resolve(res.headers));
      }).on("error", reject);
    });
    expect(headers["keep-alive"]).toBe("timeout=65");
  });

  it("listens on any free port when no range is set", async () => {
    const port = await listenStandIn(server(), { env: {} });
    expect(port).toBeGreaterThan(0);
  });

  it("listens on a port of the range", async () => {
    const first = await twoFreePorts();
    const env = { ADAPTERKIT_STANDIN_PORTS: `${first}-${first + 1}` };
    const port = await listenStandIn(server(), { env });
    expect([first, first + 1]).toContain(port);
  });

  it("passes over a taken port of the range to a free one", async () => {
    const first = await twoFreePorts();
    await listenStandIn(server(), { port: first, env: {} });
    const env = { ADAPTERKIT_STANDIN_PORTS: `${first}-${first + 1}` };
    expect(await listenStandIn(server(), { env })).toBe(first + 1);
  });

  it("rejects when every port of the range is taken", async () => {
    const taken = await listenStandIn(server(), { env: {} });
    const env = { ADAPTERKIT_STANDIN_PORTS: `${taken}-${taken}` };
    await expect(listenStandIn(server(), { env })).rejects.toThrow(
      `no free port on 127.0.0.1 in ADAPTERKIT_STANDIN_PORTS=${taken}-${taken}`,
    );
  });

  it("keeps to a port it is given, whatever the range", async () => {
    const first = await twoFreePorts();
    const env = { ADAPTERKIT_STANDIN_PORTS: "20000-20000" };
    expect(await listenStandIn(server(), { port: first, env })).toBe(first);
  });

  it("names a free port of the range, or 0 without one", async () => {
    const first = await twoFreePorts();
    expect(await freeStandInPort("127.0.0.1", { ADAPTERKIT_STANDIN_PORTS: `${first}-${first}` })).toBe(first);
    expect(await freeStandInPort("127.0.0.1", {})).toBe(0);
  });
});
