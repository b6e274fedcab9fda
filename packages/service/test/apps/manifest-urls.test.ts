import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, readProblem, startTestService, type Tenant, type TestService } from "../helpers/test-service.ts";

/** The URL fields of a manifest, each given a scheme a browser would run or open instead of fetching over HTTP. */
const HOSTILE_URLS: readonly [string, Record<string, unknown>][] = [
  ["homepage", { homepage: "javascript:alert(document.cookie)" }],
  ["logo_url", { logo_url: "data:image/svg+xml,<svg onload=alert(1)>" }],
  ["author/url", { author: { name: "Mallory", url: "JavaScript:alert(1)" } }],
  [
    "oauth_config/authorize_url",
    { oauth_config: { authorize_url: "javascript:alert(1)", token_url: "https://idp.example/token" } },
  ],
  [
    "oauth_config/token_url",
    { oauth_config: { authorize_url: "https://idp.example/authorize", token_url: "file:///etc/passwd" } },
  ],
];

/** An adapter at `/url-app` whose manifest has the fields `extra` sets; its /health is ready. */
function startAdapter(extra: () => Record<string, unknown>): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const body = request.url?.endsWith("/manifest.json")
      ? { schema_version: "1.0", name: "URL App", slug: "url-app", ...extra() }
      : { status: "ready", version: "1", adapter: "url-app" };
    response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/url-app` }),
    ),
  );
}

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`a manifest's URLs are http(s) only (D350) ${lane.title}`, () => {
    let test: TestService;
    let tenant: Tenant;
    let adapter: { server: Server; url: string };
    let fields: Record<string, unknown> = {};

    beforeAll(async () => {
      adapter = await startAdapter(() => fields);
      test = await startTestService(lane, { allowedHosts: ["127.0.0.1"], healthPolling: false });
      tenant = await createTenant(test, "acme");
    });
    afterAll(async () => {
      await test?.close();
      await new Promise<void>((resolve) => adapter?.server.close(() => resolve()));
    });

    const call = (path: string) => test.call(path, { token: tenant.token, json: { base_url: adapter.url } });

    it.each(
      HOSTILE_URLS,
    )("refuses a %s that is not http(s) at preview and registration, creating nothing", async (field, extra) => {
      fields = extra;
      const preview = await readProblem(await call("/api/v1/apps/preview"));
      expect(preview).toMatchObject({ status: 502, code: "adapter_failed" });
      expect(preview.detail).toContain(field);
      expect((await readProblem(await call("/api/v1/apps"))).status).toBe(502);
      const list = (await (await test.call("/api/v1/apps", { token: tenant.token })).json()) as { items: unknown[] };
      expect(list.items).toEqual([]);
    });

    it("registers the same manifest with https URLs", async () => {
      fields = {
        homepage: "https://url-app.example",
        logo_url: "https://url-app.example/logo.png",
        author: { name: "Alice", url: "http://alice.example" },
      };
      expect((await call("/api/v1/apps")).status).toBe(201);
    });
  });
}
