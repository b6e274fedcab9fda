import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BrokenAdapter, startBrokenAdapter, unusedAdapterUrl } from "../helpers/broken-adapter.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

const ADMIN = "admin-token-for-failure-tests-0123456";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`an adapter that is down, slow or answers garbage (A7) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let garbage: BrokenAdapter;
    let hanging: BrokenAdapter;
    let recorder: RecordingAdapter;

    beforeAll(async () => {
      garbage = await startBrokenAdapter("garbage");
      hanging = await startBrokenAdapter("hang");
      recorder = await startRecordingAdapter();
      test = await startTestService(lane, {
        adminToken: ADMIN,
        allowedHosts: ["127.0.0.1"],
        adapterTimeouts: { manifest: 300, health: 300, verify: 300 },
        healthPolling: false,
      });
      tenant = await createTenant(test, "acme");
    });
    afterAll(async () => {
      await test?.close();
      await Promise.all([garbage?.close(), hanging?.close(), recorder?.close()]);
    });

    const preview = (baseUrl: string) =>
      test.call("/api/v1/apps/preview", { token: tenant.token, json: { base_url: baseUrl } });

    it("answers 502 naming the adapter when nothing listens at the base URL", async () => {
      const url = await unusedAdapterUrl();
      const problem = await readProblem(await preview(url));
      expect(problem).toMatchObject({ status: 502, code: "adapter_failed" });
      expect(problem.detail).toContain(url);
      expect(problem.detail).toContain("unreachable");
    });

    it("answers 502 saying what was wrong when the adapter answers something that is not the contract", async () => {
      const problem = await readProblem(await preview(garbage.url));
      expect(problem).toMatchObject({ status: 502, code: "adapter_failed" });
      expect(problem.detail).toContain("not JSON");
    });

    it("answers 504 once the endpoint's time-out passes, instead of hanging", async () => {
      const problem = await readProblem(await preview(hanging.url));
      expect(problem).toMatchObject({ status: 504, code: "adapter_timeout" });
      expect(problem.detail).toContain("300 ms");
    });

    it("creates nothing when registration cannot fetch the manifest", async () => {
      expect((await test.call("/api/v1/apps", { token: tenant.token, json: { base_url: garbage.url } })).status).toBe(
        502,
      );
      const list = (await (await test.call("/api/v1/apps", { token: tenant.token })).json()) as { items: unknown[] };
      expect(list.items).toEqual([]);
    });

    it("answers 504 when /verify is slow at install, and installs nothing", async () => {
      expect((await test.call("/api/v1/apps", { token: tenant.token, json: { base_url: recorder.url } })).status).toBe(
        201,
      );
      const credentials = { recorder_token: "slow", recorder_server: { host: "h", password: "p" } };
      const response = await test.call("/api/v1/installations", {
        token: tenant.token,
        json: { app: "recorder", credentials },
      });
      expect((await readProblem(response)).code).toBe("adapter_timeout");
      const list = (await (await test.call("/api/v1/installations", { token: tenant.token })).json()) as {
        items: unknown[];
      };
      expect(list.items).toEqual([]);
      const app = (await (await test.call("/api/v1/apps/recorder", { token: tenant.token })).json()) as {
        calls: { endpoint: string; timed_out: number }[];
      };
      expect(app.calls.find((call) => call.endpoint === "verify")?.timed_out).toBe(1);
    });

    it("lists an un-ready adapter's problem in the preview rather than refusing it", async () => {
      const unready = await startBrokenAdapter("unready");
      const response = await preview(unready.url);
      await unready.close();
      expect(response.status).toBe(200);
      expect(((await response.json()) as { problems: string[] }).problems).toEqual([
        "/health says starting, not ready.",
      ]);
    });
  });
}
