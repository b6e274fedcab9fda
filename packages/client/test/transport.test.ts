import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdapterClient, describeFailure } from "../src/index.ts";
import { closedPortUrl, startTestAdapter, type TestAdapter } from "./start-test-adapter.ts";

const HEALTH = { status: "ready", version: "unknown", adapter: "chat" };

describe("transport failures and settings", () => {
  let adapter: TestAdapter;

  beforeAll(async () => {
    adapter = await startTestAdapter({
      "/health": () => ({ json: HEALTH }),
      "/verify": () => ({ hang: true }),
      "/manifest.json": () => ({ hang: true }),
    });
  });
  afterAll(() => adapter.close());

  it("reports an endpoint that does not answer in time as a timeout with the timeout used", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, timeouts: { verify: 50 } });
    const result = await client.verify({ credentials: {} });
    await client.close();

    expect(result).toMatchObject({ ok: false, error: { kind: "timeout", timeoutMs: 50 } });
    if (!result.ok) expect(describeFailure(result.error)).toBe("no answer within 50 ms");
  });

  it("lets one call override the timeout", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl });
    const result = await client.manifest({ timeoutMs: 40 });
    await client.close();

    expect(result).toMatchObject({ ok: false, error: { kind: "timeout", timeoutMs: 40 } });
  });

  it("answers a prompt endpoint normally under the same short timeout", async () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, timeouts: { health: 2_000 } });
    const result = await client.health();
    await client.close();

    expect(result).toMatchObject({ ok: true, value: HEALTH });
  });

  it("reports a closed port as unreachable", async () => {
    const client = createAdapterClient({ baseUrl: await closedPortUrl() });
    const result = await client.health();
    await client.close();

    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.kind).toBe("unreachable");
    expect(describeFailure(result.error)).toMatch(/^adapter unreachable: .*ECONNREFUSED/);
  });

  it("reports a closed port from call() with the request it tried and no response", async () => {
    const client = createAdapterClient({ baseUrl: await closedPortUrl() });
    const result = await client.call("health");
    await client.close();

    expect(result).toMatchObject({ ok: false, error: { kind: "unreachable" }, response: null });
    expect(result.request.url).toMatch(/\/chat\/health$/);
  });

  it("takes each endpoint's timeout from the contract table unless overridden", () => {
    const client = createAdapterClient({ baseUrl: adapter.baseUrl, timeouts: { deliver: 1234 } });

    for (const endpoint of ADAPTER_ENDPOINTS) {
      expect(client.timeouts[endpoint.id]).toBe(endpoint.id === "deliver" ? 1234 : endpoint.timeoutMs);
    }
    expect(client.timeouts).toMatchObject({ health: 5_000, "fetch-file": 60_000, verify: 10_000 });
  });

  it("takes the slug from the last path segment of the base URL", () => {
    expect(createAdapterClient({ baseUrl: "http://localhost:3100/chat/" }).slug).toBe("chat");
    expect(createAdapterClient({ baseUrl: "https://adapters.example/v1/mail-gateway" }).slug).toBe("mail-gateway");
    expect(createAdapterClient({ baseUrl: "https://adapter.example" }).slug).toBeNull();
  });

  it("refuses a base URL that is not http(s) and a secret that holds no key", () => {
    expect(() => createAdapterClient({ baseUrl: "ftp://example/chat" })).toThrow(/http or https/);
    expect(() => createAdapterClient({ baseUrl: "not a url" })).toThrow();
    expect(() => createAdapterClient({ baseUrl: "http://x/chat", signingSecret: "whsec_" })).toThrow(/whsec_/);
  });
});
