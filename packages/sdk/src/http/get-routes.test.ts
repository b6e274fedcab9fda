import { healthResponseSchema, manifestSchema } from "@adapterkit/contract";
import { afterEach, describe, expect, it } from "vitest";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { FIXTURE_MANIFEST, fixtureAdapter } from "./fixture-adapter.ts";

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
afterEach(async () => {
  await started?.close();
  started = undefined;
});

describe("manifest and health", () => {
  it("serves the manifest at /<slug>/manifest.json", async () => {
    started = await startAdapter(fixtureAdapter());
    const result = await started.client.manifest();
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(manifestSchema.parse(result.body)).toEqual({ ...FIXTURE_MANIFEST, endpoints: ["inbound"] });
  });

  it("answers /health ready with the version and the slug it is mounted under", async () => {
    started = await startAdapter(fixtureAdapter(), { version: "abc123" });
    const result = await started.client.health();
    expect(result).toMatchObject({ status: 200, body: { status: "ready", version: "abc123", adapter: "fixture" } });
    expect(healthResponseSchema.safeParse(result.body).success).toBe(true);
    expect(started.url.endsWith("/fixture")).toBe(true);
  });

  it("answers HEAD on the GET endpoints without a body", async () => {
    started = await startAdapter(fixtureAdapter());
    const response = await fetch(`${started.url}/health`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("");
  });

  it("answers an unknown path and a wrong method with D8 not_found", async () => {
    started = await startAdapter(fixtureAdapter());
    const unknown = await fetch(`${started.url}/mcp`, { method: "POST", body: "{}" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ ok: false, code: "not_found" });
    const wrongMethod = await fetch(`${started.url}/manifest.json`, { method: "POST", body: "{}" });
    expect(wrongMethod.status).toBe(404);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD");
    expect((await fetch(`${started.url}/deliver`)).headers.get("allow")).toBe("POST");
  });

  it("serves nothing outside its slug", async () => {
    started = await startAdapter(fixtureAdapter());
    const response = await fetch(started.url.replace("/fixture", "/health"));
    expect(response.status).toBe(404);
  });
});
