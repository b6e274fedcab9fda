import { afterEach, describe, expect, it, vi } from "vitest";
import { defineAdapter } from "../define/define-adapter.ts";
import { defineManifest } from "../define/manifest-input.ts";
import { OUTBOUND_UNREACHABLE } from "../outbound/outbound-unreachable-error.ts";
import { listenTrap } from "../testing/listen-trap.ts";
import { startAdapter } from "../testing/start-adapter.ts";

const manifest = defineManifest({
  schema_version: "1.0",
  name: "Probe",
  slug: "probe",
  credentials: [{ key: "probe", type: "text", fields: [{ name: "base_url" }] }],
});

// Answers whether the handler's outbound fetch reached the URL it was given.
const probe = defineAdapter({
  manifest,
  verify: async ({ credentials }, context) =>
    context.outbound.fetch(String(credentials.base_url)).then(
      (response) => ({ ok: true as const, user: `answered ${response.status}` }),
      (error: Error) => ({ ok: false as const, error: error.message }),
    ),
});

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("context.outbound under serve()", () => {
  it("is guarded by default: a loopback URL gets no connection", async () => {
    const trap = await listenTrap();
    const adapter = await startAdapter(probe);
    try {
      const { body } = await adapter.client.verify({ credentials: { base_url: trap.url } });
      expect(body).toEqual({ ok: false, error: OUTBOUND_UNREACHABLE });
      expect(trap.connections()).toBe(0);
    } finally {
      await adapter.close();
      await trap.close();
    }
  });

  it("lets through the hosts ADAPTER_ALLOWED_HOSTS lists", async () => {
    const trap = await listenTrap();
    vi.stubEnv("ADAPTER_ALLOWED_HOSTS", ` example.test, 127.0.0.1:${trap.port} `);
    const adapter = await startAdapter(probe);
    try {
      const { body } = await adapter.client.verify({ credentials: { base_url: trap.url } });
      expect(body).toEqual({ ok: true, user: "answered 404" });
      expect(trap.connections()).toBe(1);
    } finally {
      await adapter.close();
      await trap.close();
    }
  });

  it("refuses to start with an entry that is not a host or host:port, naming the variable", async () => {
    vi.stubEnv("ADAPTER_ALLOWED_HOSTS", "http://127.0.0.1/path");
    await expect(startAdapter(probe)).rejects.toThrow(/ADAPTER_ALLOWED_HOSTS: "http:\/\/127.0.0.1\/path"/);
  });
});
