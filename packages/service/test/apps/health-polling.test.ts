import { appSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHealthPoller } from "../../src/adapters/health-poller.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const CREDENTIALS = { recorder_token: "t", recorder_server: { host: "h", password: "p" } };

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`health polling (A8) ${lane.title}`, () => {
    let test: TestService;
    let adapter: RecordingAdapter;
    let tenant: Tenant;

    beforeAll(async () => {
      adapter = await startRecordingAdapter();
      test = await startTestService(lane, {
        allowedHosts: ["127.0.0.1"],
        healthPolling: false,
        adapterTimeouts: { health: 500 },
      });
      tenant = await createTenant(test, "acme");
      expect((await test.call("/api/v1/apps", { token: tenant.token, json: { base_url: adapter.url } })).status).toBe(
        201,
      );
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    const health = async () =>
      appSchema.parse(await (await test.call("/api/v1/apps/recorder", { token: tenant.token })).json()).health;

    it("polls only Apps with an active installation", async () => {
      await createHealthPoller(test.service.context).pollOnce();
      expect((await health()).status).toBe("unknown");
    });

    it("records ready and the version /health reports", async () => {
      const installed = await test.call("/api/v1/installations", {
        token: tenant.token,
        json: { app: "recorder", credentials: CREDENTIALS },
      });
      expect(installed.status).toBe(201);
      await createHealthPoller(test.service.context).pollOnce();
      expect(await health()).toMatchObject({
        status: "ready",
        version: expect.any(String),
        checked_at: expect.any(String),
      });
    });

    it("marks the App down after three failures in a row, and ready again on the next good answer", async () => {
      const poller = createHealthPoller(test.service.context);
      const port = adapter.port;
      await adapter.close();
      const seen: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        await poller.pollOnce();
        seen.push((await health()).status);
      }
      expect(seen).toEqual(["unready", "unready", "down"]);
      adapter = await startRecordingAdapter({ port });
      await poller.pollOnce();
      expect((await health()).status).toBe("ready");
    });

    it("polls on its own every interval once started, and stops", async () => {
      const before = (await health()).checked_at;
      const poller = createHealthPoller(test.service.context, { intervalMs: 20, jitter: 0.5 });
      poller.start();
      for (let attempt = 0; attempt < 200 && (await health()).checked_at === before; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await poller.stop();
      expect((await health()).checked_at).not.toBe(before);
    });
  });
}
