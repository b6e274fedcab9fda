import { appSchema, installationSchema, reviewListSchema, reviewSchema } from "@adapterkit/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveWebhookApp } from "../helpers/broken-adapter.ts";
import { startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type TestService } from "../helpers/test-service.ts";
import { type Api, apiFor, prepareApp, waitForReview } from "./review-app.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`Submit for Review runs conformance in the service (A2) ${lane.title}`, () => {
    let test: TestService;
    let author: Api;
    let other: Api;
    const cleanups: (() => Promise<void>)[] = [];

    beforeAll(async () => {
      test = await startTestService(lane, { healthPolling: false, reviews: { pollMs: 100, progressMs: 50 } });
      author = apiFor(test.url, (await createTenant(test, "author")).token);
      other = apiFor(test.url, (await createTenant(test, "other")).token);
    });
    afterAll(async () => {
      await test?.close();
      for (const cleanup of cleanups) await cleanup();
    });

    it("passes the sample webhook adapter, approves the reviewed version, publishes it when asked, and another organization installs it", async () => {
      const adapter = await serveWebhookApp();
      cleanups.push(() => adapter.close());
      const slug = await prepareApp(author, adapter);
      const submitted = await author(`/api/v1/apps/${slug}/submit`, { method: "POST" });
      expect(submitted.status).toBe(202);
      const queued = reviewSchema.parse(await submitted.json());
      expect(queued).toMatchObject({ app: "webhook", version: 1, state: "queued", groups: null });
      expect((await author(`/api/v1/apps/${slug}/submit`, { method: "POST" })).status).toBe(409);

      const review = await waitForReview(author, slug, queued.id);
      expect(review).toMatchObject({ state: "passed", result: "passed", error: null, attempts: 1 });
      expect(review.progress.done).toBe(review.progress.total);
      expect(review.counts.passed).toBeGreaterThan(20);
      expect(review.counts.failed).toBe(0);
      const groups = review.groups ?? [];
      expect(groups.map((group) => group.group)).toEqual(expect.arrayContaining(["manifest", "parse-inbound"]));
      expect(groups.flatMap((group) => group.checks).map((check) => check.id)).toContain(
        "feedback-loop.own-echo-is-bot",
      );

      // D450: the pass approves version 1 and publishes nothing: others cannot see it until the author publishes.
      const approved = appSchema.parse(await (await author(`/api/v1/apps/${slug}`)).json());
      expect(approved).toMatchObject({ state: "draft", published_version: null, review_report: null });
      expect((await other(`/api/v1/apps/${slug}`)).status).toBe(404);
      const unreviewed = await author(`/api/v1/apps/${slug}/publish`, { json: { version: 2 } });
      expect(unreviewed.status).toBe(409);
      expect(await unreviewed.json()).toMatchObject({ errors: [{ path: "/version" }] });
      expect((await author(`/api/v1/apps/${slug}/publish`, { json: { version: "1" } })).status).toBe(400);
      const published = await author(`/api/v1/apps/${slug}/publish`, { method: "POST" });
      expect(published.status, await published.clone().text()).toBe(200);
      const app = appSchema.parse(await published.json());
      expect(app).toMatchObject({ state: "published", published_version: 1, review_report: null });
      expect((await author(`/api/v1/apps/${slug}/publish`, { method: "POST" })).status).toBe(409);
      const listed = reviewListSchema.parse(await (await author(`/api/v1/apps/${slug}/reviews`)).json());
      expect(listed.items.map((item) => [item.id, item.state, item.groups])).toEqual([[queued.id, "passed", null]]);

      const json = await author(`/api/v1/apps/${slug}/reviews/${queued.id}/report`);
      expect(json.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await json.json()).toMatchObject({ result: "passed", options: { signed: true } });
      const junit = await author(`/api/v1/apps/${slug}/reviews/${queued.id}/report?format=junit`);
      expect(junit.headers.get("content-type")).toMatch(/^application\/xml/);
      expect(await junit.text()).toMatch(/^<\?xml[\s\S]*<testsuites/);
      const html = await author(`/api/v1/apps/${slug}/reviews/${queued.id}/report?format=html`);
      expect(await html.text()).toMatch(/<html/i);

      const installed = await other("/api/v1/installations", {
        json: { app: slug, credentials: { webhook_signing_secret: "whsec_Y29uZm9ybWFuY2Utd2ViaG9vay1nb29kLWtleQ==" } },
      });
      expect(installed.status, await installed.clone().text()).toBe(201);
      expect(installationSchema.parse(await installed.json())).toMatchObject({ app: slug, app_version: 1 });
    }, 180_000);

    it("fails the broken variant with expected/actual, a JSON Pointer and curl, and leaves it a draft", async () => {
      const adapter = await serveWebhookApp({ broken: true });
      cleanups.push(() => adapter.close());
      const slug = await prepareApp(author, adapter);
      const queued = reviewSchema.parse(await (await author(`/api/v1/apps/${slug}/submit`, { method: "POST" })).json());
      const review = await waitForReview(author, slug, queued.id);
      expect(review).toMatchObject({ state: "failed", result: "failed" });
      expect(review.counts.failed).toBeGreaterThan(0);
      const failed = (review.groups ?? []).flatMap((group) => group.checks).filter((c) => c.status === "failed");
      expect(failed.map((check) => check.id)).toEqual(
        expect.arrayContaining(["feedback-loop.own-echo-is-bot", "feedback-loop.person-is-not-bot"]),
      );
      const failure = failed.flatMap((check) => check.failures).find((f) => f.pointer?.endsWith("is_bot"));
      expect(failure).toMatchObject({ expected: expect.any(String), actual: expect.any(String) });
      expect(failure?.curl).toMatch(/^curl .*\/parse-inbound/);
      expect(failure?.curl).not.toMatch(/whsec_[A-Za-z0-9+/=]{20,}/);

      const app = appSchema.parse(await (await author(`/api/v1/apps/${slug}`)).json());
      expect(app).toMatchObject({ state: "draft", published_version: null, review_report: { result: "failed" } });
      expect((await other(`/api/v1/apps/${slug}`)).status).toBe(404);
      expect((await other(`/api/v1/apps/${slug}/reviews/${queued.id}`)).status).toBe(404);
    }, 180_000);

    it("refuses a fixtures file the runner could not use with a 400 naming the problem", async () => {
      const recorder = await startRecordingAdapter();
      cleanups.push(() => recorder.close());
      expect((await author("/api/v1/apps", { json: { base_url: recorder.url } })).status).toBe(201);
      const put = (body: string) => author("/api/v1/apps/recorder/fixtures", { method: "PUT", body });
      const notJson = await readProblem(await put("{ credentials: "));
      expect(notJson).toMatchObject({ status: 400, code: "invalid_request" });
      expect(notJson.detail).toMatch(/not JSON/);
      const badField = await readProblem(await put(JSON.stringify({ credentials: { good: 5, bad: {} } })));
      expect(badField).toMatchObject({ status: 400, errors: [{ path: "/credentials/good" }] });
      const badTemplate = await readProblem(
        await put(JSON.stringify({ credentials: { good: { token: "{{#if x}}open" }, bad: {} } })),
      );
      expect(badTemplate).toMatchObject({ status: 400, errors: [{ path: "/credentials/good/token" }] });
      expect(await (await author("/api/v1/apps/recorder/fixtures")).json()).toMatchObject({ uploaded: false });

      const good = JSON.stringify({ credentials: { good: { recorder_token: "xoxb-good-secret-value" }, bad: {} } });
      expect((await put(good)).status).toBe(200);
      const summary = await (await author("/api/v1/apps/recorder/fixtures")).json();
      expect(summary).toMatchObject({ app: "recorder", uploaded: true, bytes: Buffer.byteLength(good) });
      expect(JSON.stringify(summary)).not.toContain("xoxb-good-secret-value");
      expect((await other("/api/v1/apps/recorder/fixtures")).status).toBe(404);
      expect((await other("/api/v1/apps/recorder/fixtures", { method: "PUT", body: good })).status).toBe(404);
    });
  });
}
