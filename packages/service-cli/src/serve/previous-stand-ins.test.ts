import { createServer, type Server } from "node:net";
import { listenStandIn } from "@adapterkit/sdk/testing";
import { afterEach, describe, expect, it } from "vitest";
import { portToReuse } from "./previous-stand-ins.ts";

const servers: Server[] = [];

async function takenPort(): Promise<number> {
  const server = createServer();
  servers.push(server);
  return listenStandIn(server, { env: {} });
}

async function freePort(): Promise<number> {
  const port = await takenPort();
  await new Promise((resolve) => servers.pop()?.close(resolve));
  return port;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

describe("portToReuse", () => {
  it("reuses last start's port when it is free", async () => {
    const port = await freePort();
    expect(await portToReuse(port, "127.0.0.1", {})).toBe(port);
  });

  it("leaves the choice to the system when last start's port is taken and no range is set", async () => {
    expect(await portToReuse(await takenPort(), "127.0.0.1", {})).toBe(0);
    expect(await portToReuse(undefined, "127.0.0.1", {})).toBe(0);
  });

  it("picks a port of ADAPTERKIT_STANDIN_PORTS when there is none to reuse", async () => {
    const port = await freePort();
    const env = { ADAPTERKIT_STANDIN_PORTS: `${port}-${port}` };
    expect(await portToReuse(undefined, "127.0.0.1", env)).toBe(port);
  });

  it("moves off last start's port when it lies outside ADAPTERKIT_STANDIN_PORTS", async () => {
    const previous = await freePort();
    const port = await freePort();
    const env = { ADAPTERKIT_STANDIN_PORTS: `${port}-${port}` };
    expect(previous).not.toBe(port);
    expect(await portToReuse(previous, "127.0.0.1", env)).toBe(port);
  });
});
