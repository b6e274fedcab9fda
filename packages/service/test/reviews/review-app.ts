import { type AppFixturesJson, type ReviewJson, reviewSchema } from "@adapterkit/contract";
import type { ServedWebhookApp } from "../helpers/broken-adapter.ts";
import { WEBHOOK_FIXTURES_TEXT } from "../helpers/broken-adapter.ts";

/** Calls a service as one token: JSON or text bodies, any method. */
export type Api = (path: string, init?: { method?: string; json?: unknown; body?: string }) => Promise<Response>;

/** An Api over fetch for a service URL and token. */
export function apiFor(url: string, token: string): Api {
  return (path, init = {}) =>
    fetch(`${url}${path}`, {
      method: init.method ?? (init.json === undefined && init.body === undefined ? "GET" : "POST"),
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.json === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      ...(init.body === undefined ? {} : { body: init.body }),
    });
}

async function ok<T>(response: Response, status: number, what: string): Promise<T> {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * What an author does before Submit for Review: registers the adapter, sets the App's signing secret on it (restarts
 * it with `ADAPTER_SIGNING_SECRET`) and uploads its fixtures file. Answers the slug.
 */
export async function prepareApp(api: Api, adapter: Pick<ServedWebhookApp, "url" | "restartWith">): Promise<string> {
  const app = await ok<{ slug: string }>(
    await api("/api/v1/apps", { json: { base_url: adapter.url } }),
    201,
    "register",
  );
  const secret = await ok<{ secret: string }>(await api(`/api/v1/apps/${app.slug}/signing-secret`), 200, "secret");
  await adapter.restartWith(secret.secret);
  const put = await api(`/api/v1/apps/${app.slug}/fixtures`, { method: "PUT", body: WEBHOOK_FIXTURES_TEXT });
  await ok<AppFixturesJson>(put, 200, "fixtures");
  return app.slug;
}

/** Polls a review until it is no longer queued or running (up to `timeoutMs`). */
export async function waitForReview(api: Api, slug: string, id: number, timeoutMs = 120_000): Promise<ReviewJson> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const review = reviewSchema.parse(await ok(await api(`/api/v1/apps/${slug}/reviews/${id}`), 200, "review"));
    if (review.state !== "queued" && review.state !== "running") return review;
    if (Date.now() > deadline) throw new Error(`review ${id} still ${review.state} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
