import { appSchema, reviewListSchema, reviewSchema } from "@adapterkit/contract";
import { afterAll, describe, expect, it } from "vitest";
import { serveWebhookApp } from "../helpers/broken-adapter.ts";
import { exited, startChildFixture } from "../helpers/child-service.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startHoldingProxy } from "./holding-proxy.ts";
import { apiFor, prepareApp, waitForReview } from "./review-app.ts";

type Child = Awaited<ReturnType<typeof startChild>>;
const startChild = (env: Record<string, string>) =>
  startChildFixture<{ url: string; token: string }>("serve-reviews.ts", env);

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`A review killed with SIGKILL mid-run, then restarted (A2) ${lane.title}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it("runs again on the restarted service and completes exactly once, publishing the App", async () => {
      const adapter = await serveWebhookApp();
      cleanups.push(() => adapter.close());
      const proxy = await startHoldingProxy(adapter.url);
      cleanups.push(() => proxy.close());
      const location = await lane.allocate();
      cleanups.push(() => location.dispose());
      const env: Record<string, string> = {
        ADAPTERKIT_DATA_DIR: location.options.dataDir,
        ADAPTERKIT_SECRET_KEY: "b".repeat(64),
        ...(location.options.databaseUrl ? { DATABASE_URL: location.options.databaseUrl } : {}),
        ...(location.options.schema ? { ADAPTERKIT_TEST_SCHEMA: location.options.schema } : {}),
      };
      const first: Child = await startChild(env);
      cleanups.push(async () => {
        first.child.kill("SIGKILL");
      });
      const api = apiFor(first.url, first.token);
      const slug = await prepareApp(api, { url: proxy.url, restartWith: adapter.restartWith });

      // Hold a call the runner makes once it is well into its checks, then kill the service holding the lease.
      proxy.holdAfter = proxy.count + 20;
      const submitted = await api(`/api/v1/apps/${slug}/submit`, { method: "POST" });
      const { id } = reviewSchema.parse(await submitted.json());
      await proxy.held;
      // The other checks go on around the held call: the row shows their progress while the review runs.
      const read = async () => reviewSchema.parse(await (await api(`/api/v1/apps/${slug}/reviews/${id}`)).json());
      let running = await read();
      for (let i = 0; i < 100 && running.progress.done === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        running = await read();
      }
      expect(running).toMatchObject({ state: "running", attempts: 1, finished_at: null });
      expect(running.progress.done).toBeGreaterThan(0);
      expect(running.progress.total).toBeGreaterThan(running.progress.done);
      first.child.kill("SIGKILL");
      await exited(first.child);

      proxy.holdAfter = undefined;
      const second: Child = await startChild(env);
      cleanups.push(async () => {
        second.child.kill("SIGKILL");
      });
      const again = apiFor(second.url, second.token);
      const review = await waitForReview(again, slug, id);
      if (review.result === "failed") {
        const response = await again(`/api/v1/apps/${slug}/reviews/${id}/report?format=json`);
        const report = (await response.json()) as { checks: { id: string; status: string }[] };
        const failed = report.checks.filter((check) => check.status === "failed");
        expect.soft(failed, "the checks the restarted run failed").toEqual([]);
      }
      expect(review).toMatchObject({ state: "passed", result: "passed", attempts: 2, error: null });
      expect(review.progress.done).toBe(review.progress.total);
      const listed = reviewListSchema.parse(await (await again(`/api/v1/apps/${slug}/reviews`)).json());
      expect(listed.items.map((item) => [item.id, item.state])).toEqual([[id, "passed"]]);
      // D450: the pass approves version 1; publishing it is the author's own step.
      const app = appSchema.parse(await (await again(`/api/v1/apps/${slug}`)).json());
      expect(app).toMatchObject({ state: "draft", published_version: null });
      const published = await again(`/api/v1/apps/${slug}/publish`, { method: "POST" });
      expect(appSchema.parse(await published.json())).toMatchObject({ state: "published", published_version: 1 });
    }, 120_000);
  });
}
