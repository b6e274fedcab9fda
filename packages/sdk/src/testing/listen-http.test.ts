import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listenHttp } from "./listen-http.ts";

const hasIpv6Loopback = await new Promise<boolean>((resolve) => {
  const probe = createServer();
  probe.once("error", () => resolve(false));
  probe.listen(0, "::1", () => probe.close(() => resolve(true)));
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("listenHttp", () => {
  it("listens in the ADAPTERKIT_STANDIN_PORTS range when it is set", async () => {
    const probe = await listenHttp((_req, res) => res.end());
    const { port } = probe.server.address() as AddressInfo;
    await probe.close();
    vi.stubEnv("ADAPTERKIT_STANDIN_PORTS", `${port}-${port}`);
    const listener = await listenHttp((_req, res) => res.end("in range"));
    try {
      expect(listener.url).toBe(`http://127.0.0.1:${port}`);
      expect(await (await fetch(listener.url)).text()).toBe("in range");
    } finally {
      await listener.close();
    }
  });

  it("serves the listener on a free port of 127.0.0.1", async () => {
    const listener = await listenHttp((req, res) => res.end(`${req.method} ${req.url}`));
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(await (await fetch(`${listener.url}/ping`)).text()).toBe("GET /ping");
    } finally {
      await listener.close();
    }
  });

  it("rejects when the port is already taken", async () => {
    const first = await listenHttp((_req, res) => res.end());
    try {
      const { port } = first.server.address() as AddressInfo;
      await expect(listenHttp((_req, res) => res.end(), { port })).rejects.toMatchObject({ code: "EADDRINUSE" });
    } finally {
      await first.close();
    }
  });

  it("closes while a request is still open, and refuses connections afterwards", async () => {
    let arrived: () => void = () => {};
    const requestArrived = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const listener = await listenHttp(() => arrived());
    const pending = fetch(listener.url);
    await requestArrived;
    await listener.close();
    await expect(pending).rejects.toThrow();
    await expect(fetch(listener.url)).rejects.toThrow();
  });

  it.skipIf(!hasIpv6Loopback)("brackets an IPv6 address in its URL (skipped without an IPv6 loopback)", async () => {
    const listener = await listenHttp((_req, res) => res.end("six"), { host: "::1" });
    try {
      expect(listener.url).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(await (await fetch(listener.url)).text()).toBe("six");
    } finally {
      await listener.close();
    }
  });
});
