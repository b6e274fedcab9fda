import type { lookup as dnsLookup } from "node:dns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type TestService } from "../helpers/test-service.ts";

/** Resolves every name to one address without asking DNS, and remembers what it was asked. */
function stubLookup(address: string, asked: string[]): typeof dnsLookup {
  return ((hostname: string, options: unknown, callback: (...args: unknown[]) => void) => {
    asked.push(hostname);
    const family = address.includes(":") ? 6 : 4;
    if ((options as { all?: boolean }).all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as unknown as typeof dnsLookup;
}

const lane = STORE_LANES[0];

describe.skipIf(lane?.skip ?? true)("registering an adapter behind the outbound guard (A15)", () => {
  let adapter: RecordingAdapter;
  const services: TestService[] = [];
  beforeAll(async () => {
    adapter = await startRecordingAdapter();
  });
  afterAll(async () => {
    for (const service of services) await service.close();
    await adapter?.close();
  });

  const start = async (options: { address: string; allowedHosts: string[] }, asked: string[]) => {
    if (lane === undefined) throw new Error("no lane");
    const test = await startTestService(lane, {
      lookup: stubLookup(options.address, asked),
      allowedHosts: options.allowedHosts,
      healthPolling: false,
    });
    services.push(test);
    return { test, token: (await createTenant(test, "acme")).token };
  };
  const viaName = () => adapter.url.replace("127.0.0.1", "adapter.example");

  for (const address of ["169.254.169.254", "10.0.0.7", "127.0.0.1", "::ffff:192.168.1.1"]) {
    it(`refuses a base URL whose name resolves to ${address}, at resolution, before any connection`, async () => {
      const asked: string[] = [];
      const { test, token } = await start({ address, allowedHosts: [] }, asked);
      const before = adapter.verifies.length;
      const problem = await readProblem(await test.call("/api/v1/apps", { token, json: { base_url: viaName() } }));
      expect(problem).toMatchObject({ status: 400, code: "invalid_request" });
      expect(problem.detail).toContain(`resolves to ${address}, not a public address`);
      expect(problem.errors?.[0]?.path).toBe("/base_url");
      expect(asked).toContain("adapter.example");
      expect(adapter.verifies.length).toBe(before);
      const apps = (await (await test.call("/api/v1/apps", { token })).json()) as { items: unknown[] };
      expect(apps.items).toEqual([]);
    });
  }

  it("refuses a private address written in the URL with 400 naming base_url", async () => {
    const { test, token } = await start({ address: "127.0.0.1", allowedHosts: [] }, []);
    const problem = await readProblem(
      await test.call("/api/v1/apps/preview", { token, json: { base_url: adapter.url } }),
    );
    expect(problem).toMatchObject({ status: 400, code: "invalid_request" });
    expect(problem.errors?.[0]?.path).toBe("/base_url");
  });

  it("registers through a host listed in the allowed hosts", async () => {
    const { test, token } = await start({ address: "127.0.0.1", allowedHosts: ["adapter.example"] }, []);
    const response = await test.call("/api/v1/apps", { token, json: { base_url: viaName() } });
    expect(response.status).toBe(201);
  });
});
