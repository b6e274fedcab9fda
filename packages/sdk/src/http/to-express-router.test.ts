import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { createAdapterClient } from "../testing/adapter-client.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";
import { toExpressRouter } from "./to-express-router.ts";

const OPTIONS = { logger: pino({ level: "silent" }), signingSecret: undefined, version: "v" };
let server: Server | undefined;
afterEach(() => server?.close());

async function listen(app: express.Express): Promise<string> {
  server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, "127.0.0.1", () => resolve(started));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("toExpressRouter", () => {
  it("serves the adapter under its slug inside an Express app", async () => {
    const app = express();
    app.use(toExpressRouter(fixtureAdapter(), OPTIONS));
    const client = createAdapterClient<typeof FIXTURE_MANIFEST>(`${await listen(app)}/fixture`);
    expect((await client.health()).body).toEqual({ status: "ready", version: "v", adapter: "fixture" });
    expect((await client.verify({ credentials: GOOD_CREDENTIALS })).body).toEqual({ ok: true, user: "bot@fixture" });
    expect((await client.post("/verify", "{")).status).toBe(400);
  });

  it("works under a mount path and leaves other paths to the app", async () => {
    const app = express();
    app.use("/adapters", toExpressRouter(fixtureAdapter(), OPTIONS));
    app.get("/adapters/other", (_req, res) => void res.send("app route"));
    const base = await listen(app);
    expect((await createAdapterClient(`${base}/adapters/fixture`).format({ text: "a" })).body).toEqual({ text: "A" });
    expect(await (await fetch(`${base}/adapters/other`)).text()).toBe("app route");
    expect((await fetch(`${base}/fixture/health`)).status).toBe(404);
    const unknown = await fetch(`${base}/adapters/fixture/no-such-route`, { method: "POST", body: "{}" });
    expect([unknown.status, await unknown.json()]).toMatchObject([404, { ok: false, code: "not_found" }]);
  });

  it("uses the raw bytes a body parser kept, and refuses to guess when none were kept", async () => {
    const keeping = express();
    keeping.use(express.json({ verify: (req, _res, buf) => Object.assign(req, { rawBody: buf }) }));
    keeping.use(toExpressRouter(fixtureAdapter(), OPTIONS));
    const client = createAdapterClient<typeof FIXTURE_MANIFEST>(`${await listen(keeping)}/fixture`);
    expect((await client.verify({ credentials: GOOD_CREDENTIALS })).body).toEqual({ ok: true, user: "bot@fixture" });
    server?.close();

    const parsing = express();
    parsing.use(express.json());
    parsing.use(toExpressRouter(fixtureAdapter(), OPTIONS));
    const broken = createAdapterClient<typeof FIXTURE_MANIFEST>(`${await listen(parsing)}/fixture`);
    const result = await broken.verify({ credentials: GOOD_CREDENTIALS });
    expect(result).toMatchObject({
      status: 500,
      body: { code: "internal_error", error: expect.stringContaining("before any body parser") },
    });
  });
});
