import { createServer } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { createAdapterClient as createServiceClient } from "@adapterkit/client";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { defineAdapter } from "../define/define-adapter.ts";
import { createAdapterClient } from "../testing/adapter-client.ts";
import { createAdaptersDispatcher } from "./create-adapter-handler.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";
import { ADAPTER_SERVER_KEEP_ALIVE_MS, mountAdapters, type ServeOptions, serve } from "./serve.ts";
import { toSettings } from "./settings.ts";

const QUIET: ServeOptions = {
  port: 0,
  host: "127.0.0.1",
  handleSignals: false,
  logger: pino({ level: "silent" }),
  version: "v",
};
const files = defineAdapter({ manifest: { schema_version: "1.0", name: "Files" } });

describe("serve and mountAdapters", () => {
  it("serves an adapter under its slug and reports the URL", async () => {
    const server = await serve(fixtureAdapter(), QUIET);
    try {
      expect(server.url).toBe(`http://127.0.0.1:${server.port}/fixture`);
      expect((await createAdapterClient(server.url).health()).body).toMatchObject({ adapter: "fixture" });
    } finally {
      await server.close();
    }
  });

  it("serves several adapters on one port, each under its own slug", async () => {
    const server = await mountAdapters([fixtureAdapter(), files], QUIET);
    try {
      expect(Object.keys(server.urls)).toEqual(["fixture", "files"]);
      for (const [slug, url] of Object.entries(server.urls)) {
        expect((await createAdapterClient(url).health()).body).toMatchObject({ status: "ready", adapter: slug });
      }
      expect((await createAdapterClient(server.urls.files ?? "").format({ text: "x" })).status).toBe(501);
    } finally {
      await server.close();
    }
  });

  it("keeps an idle connection past the service's adapter client, so the client is the one to close it (D627)", async () => {
    const server = await serve(fixtureAdapter(), QUIET);
    const sockets: Socket[] = [];
    server.server.on("connection", (socket: Socket) => sockets.push(socket));
    const client = createServiceClient({ baseUrl: server.url });
    try {
      expect(server.server.keepAliveTimeout).toBe(ADAPTER_SERVER_KEEP_ALIVE_MS);
      for (let call = 0; call < 5; call += 1) expect((await client.health()).ok).toBe(true);
      expect(sockets.length).toBeLessThan(5);
      // The server would hold them 65 s; the client's own pool lets each go within its 4 s, inside this test's time.
      const open = sockets.filter((socket) => !socket.destroyed);
      await Promise.all(open.map((socket) => new Promise((resolve) => socket.once("close", resolve))));
      expect(sockets.every((socket) => socket.destroyed)).toBe(true);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("refuses two adapters with one slug", async () => {
    await expect(mountAdapters([fixtureAdapter(), fixtureAdapter()], QUIET)).rejects.toThrow(
      'two adapters share the slug "fixture"',
    );
  });

  it("reports a port already taken", async () => {
    const first = await serve(files, QUIET);
    try {
      await expect(serve(files, { ...QUIET, port: first.port })).rejects.toThrow(/EADDRINUSE/);
    } finally {
      await first.close();
    }
  });

  it("lets a request in flight finish on shutdown, then refuses new connections", async () => {
    let release = () => {};
    let entered = () => {};
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const slow = fixtureAdapter({
      deliver: () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true, message_id: "finished" });
          entered();
        }),
    });
    const server = await serve(slow, QUIET);
    const client = createAdapterClient<typeof FIXTURE_MANIFEST>(server.url);
    const inFlight = client.deliver({ credentials: GOOD_CREDENTIALS, channel_address: "C", message: { text: "t" } });
    await inHandler;
    const closed = server.close();
    expect(server.server.listening).toBe(false);
    release();
    expect((await inFlight).body).toEqual({ ok: true, message_id: "finished" });
    await closed;
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it("answers /health with 503 stopping and closes connections while it drains", async () => {
    const lifecycle = { draining: false };
    const settings = toSettings({ logger: pino({ level: "silent" }), version: "v" }, lifecycle);
    const server = createServer(createAdaptersDispatcher([fixtureAdapter()], settings));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fixture/health`;
    try {
      const ready = await fetch(url);
      expect([ready.status, await ready.json()]).toEqual([200, { status: "ready", version: "v", adapter: "fixture" }]);
      lifecycle.draining = true;
      const stopping = await fetch(url);
      expect([stopping.status, await stopping.json()]).toEqual([
        503,
        { status: "stopping", version: "v", adapter: "fixture" },
      ]);
      expect(stopping.headers.get("connection")).toBe("close");
    } finally {
      server.close();
    }
  });
});
