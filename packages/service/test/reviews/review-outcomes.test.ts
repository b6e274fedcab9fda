import type dns from "node:dns";
import { appSchema, reviewSchema } from "@adapterkit/contract";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createReviewWorker } from "../../src/reviews/index.ts";
import { serveWebhookApp } from "../helpers/broken-adapter.ts";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";
import { type Api, apiFor, waitForReview } from "./review-app.ts";

const ADMIN = "admin-token-for-review-outcomes-0123456789";

/** Every name resolves to 127.0.0.1 (rule 7: the guard's tests stub name resolution). */
const loopbackLookup = ((_hostname: string, options: unknown, callback?: unknown) => {
  const done = (typeof options === "function" ? options : callback) as (...args: unknown[]) => void;
  const all = typeof options === "object" && options !== null && (options as { all?: boolean }).all === true;
  if (all) done(null, [{ address: "127.0.0.1", family: 4 }]);
  else done(null, "127.0.0.1", 4);
}) as unknown as typeof dns.lookup;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Reviews that end without a pass (A2) ${lane.title}`, () => {
    let test: TestService;
    let author: Api;
    let adapter: RecordingAdapter;

    beforeAll(async () => {
      test = await startTestService(lane, { adminToken: ADMIN, healthPolling: false, lookup: loopbackLookup });
      author = apiFor(test.url, (await createTenant(test, "author")).token);
      adapter = await startRecordingAdapter();
      expect((await author("/api/v1/apps", { json: { base_url: adapter.url } })).status).toBe(201);
    });
    afterAll(async () => {
      await test?.close();
      await adapter?.close();
    });

    // The service's own worker is off: a test changes a review's row, then a worker started here runs what is
    // claimable until the review ends.
    async function runDue(slug: string, id: number): Promise<void> {
      const worker = createReviewWorker(test.service.context, { leaseMs: 1_000, timeoutMs: 2_000, pollMs: 60_000 });
      worker.start();
      try {
        await waitForReview(author, slug, id, 30_000);
      } finally {
        await worker.stop();
      }
    }

    async function submit(): Promise<number> {
      const response = await author("/api/v1/apps/recorder/submit", { method: "POST" });
      expect(response.status).toBe(202);
      return reviewSchema.parse(await response.json()).id;
    }
    const review = async (id: number) =>
      reviewSchema.parse(await (await author(`/api/v1/apps/recorder/reviews/${id}`)).json());
    const app = async () => appSchema.parse(await (await author("/api/v1/apps/recorder")).json());
    const admin = (passed: boolean) =>
      test.call("/api/v1/admin/apps/recorder/review", { token: ADMIN, json: { passed } });

    it("ends a review interrupted three times errored, and returns the App to draft", async () => {
      const id = await submit();
      // Three runs started and lost their instance: the lease lapsed a minute ago.
      await sql`update reviews set state = 'running', attempts = 3, lease_owner = 'dead', lease_expires_at = ${new Date(Date.now() - 60_000).toISOString()} where id = ${id}`.execute(
        test.service.store.db,
      );
      await runDue("recorder", id);
      expect(await review(id)).toMatchObject({
        state: "errored",
        attempts: 4,
        error: expect.stringMatching(/interrupted 3 times/),
        groups: null,
      });
      expect(await app()).toMatchObject({ state: "draft", review_report: { result: "errored" } });
      expect((await author(`/api/v1/apps/recorder/reviews/${id}/report`)).status).toBe(409);
    });

    it("fails an unreachable adapter with the runner's reason, and keeps the App a draft", async () => {
      await adapter.close();
      const id = await submit();
      await runDue("recorder", id);
      const ended = await review(id);
      expect(ended).toMatchObject({ state: "failed", result: "unreachable", error: expect.stringContaining("GET ") });
      expect(await app()).toMatchObject({ state: "draft", published_version: null });
    });

    it("lets the operator override a queued review (D118): the App is published and the review ends errored", async () => {
      const id = await submit();
      expect((await admin(true)).status).toBe(200);
      await runDue("recorder", id);
      expect(await review(id)).toMatchObject({ state: "errored", error: expect.stringMatching(/operator/) });
      expect(await app()).toMatchObject({ state: "published", published_version: 1 });
    });

    it("reaches the App only through the outbound guard: a name that resolves to loopback is refused at connect", async () => {
      const webhook = await serveWebhookApp();
      try {
        expect((await author("/api/v1/apps", { json: { base_url: webhook.url } })).status).toBe(201);
        // The App's host is now a name (allowed hosts list only 127.0.0.1) whose address is this machine.
        const renamed = `http://adapter.test:${webhook.port}/webhook`;
        await sql`update apps set base_url = ${renamed} where slug = 'webhook'`.execute(test.service.store.db);
        const response = await author("/api/v1/apps/webhook/submit", { method: "POST" });
        const { id } = reviewSchema.parse(await response.json());
        await runDue("webhook", id);
        const ended = reviewSchema.parse(await (await author(`/api/v1/apps/webhook/reviews/${id}`)).json());
        expect(ended).toMatchObject({ state: "failed", result: "unreachable" });
        expect(ended.error).toMatch(/adapter\.test is refused: .*ADAPTERKIT_ALLOWED_HOSTS/);
        const app = appSchema.parse(await (await author("/api/v1/apps/webhook")).json());
        expect(app).toMatchObject({ state: "draft", published_version: null });
      } finally {
        await webhook.close();
      }
    });
  });
}
