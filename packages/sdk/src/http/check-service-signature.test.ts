import { randomBytes } from "node:crypto";
import { ADAPTER_ENDPOINTS } from "@adapterkit/contract";
import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import { signStandardWebhook } from "../helpers/index.ts";
import { createAdapterClient } from "../testing/adapter-client.ts";
import { type StartedAdapter, startAdapter } from "../testing/start-adapter.ts";
import { type FIXTURE_MANIFEST, fixtureAdapter, GOOD_CREDENTIALS } from "./fixture-adapter.ts";
import { serve } from "./serve.ts";

const SECRET = `whsec_${randomBytes(24).toString("base64")}`;
const BODY = JSON.stringify({ credentials: GOOD_CREDENTIALS });
const NOW_S = Math.floor(Date.now() / 1000);

let started: StartedAdapter<typeof FIXTURE_MANIFEST> | undefined;
afterEach(async () => {
  vi.unstubAllEnvs();
  await started?.close();
  started = undefined;
});
const unsigned = () => createAdapterClient<typeof FIXTURE_MANIFEST>(started?.url ?? "");

describe("service signature (D9)", () => {
  it.each(
    ADAPTER_ENDPOINTS.filter((row) => row.signed).map((row) => [row.path, row] as const),
  )("%s accepts a valid signature and refuses a missing one with 401", async (_path, row) => {
    started = await startAdapter(fixtureAdapter(), { signingSecret: SECRET });
    const body = JSON.stringify(row.request?.example);
    expect((await started.client.post(row.path, body)).status).toBe(200);
    const refused = await unsigned().post(row.path, body);
    expect(refused).toMatchObject({
      status: 401,
      body: { code: "unauthorized", error: expect.stringContaining("webhook-id") },
    });
  });

  it("keeps /manifest.json and /health public", async () => {
    started = await startAdapter(fixtureAdapter(), { signingSecret: SECRET });
    expect((await unsigned().manifest()).status).toBe(200);
    expect((await unsigned().health()).status).toBe(200);
  });

  it("refuses a signature made with another secret", async () => {
    started = await startAdapter(fixtureAdapter(), { signingSecret: SECRET });
    const headers = signStandardWebhook({ secret: `whsec_${randomBytes(24).toString("base64")}`, body: BODY });
    const result = await unsigned().post("/verify", BODY, headers);
    expect(result).toMatchObject({
      status: 401,
      body: { code: "unauthorized", error: expect.stringContaining("matches") },
    });
  });

  it("refuses a body changed after signing", async () => {
    started = await startAdapter(fixtureAdapter(), { signingSecret: SECRET });
    const headers = signStandardWebhook({ secret: SECRET, body: BODY });
    expect((await unsigned().post("/verify", BODY.replace("good", "evil"), headers)).status).toBe(401);
  });

  it("accepts a timestamp 300 s off and refuses one 301 s off", async () => {
    started = await startAdapter(fixtureAdapter(), { signingSecret: SECRET, now: () => NOW_S * 1000 });
    for (const [skew, status] of [
      [300, 200],
      [-300, 200],
      [301, 401],
      [-301, 401],
    ] as const) {
      const headers = signStandardWebhook({ secret: SECRET, body: BODY, timestamp: NOW_S - skew });
      expect((await unsigned().post("/verify", BODY, headers)).status).toBe(status);
    }
  });

  it("reads the secret from ADAPTER_SIGNING_SECRET when no option says otherwise", async () => {
    vi.stubEnv("ADAPTER_SIGNING_SECRET", SECRET);
    const server = await serve(fixtureAdapter(), {
      port: 0,
      host: "127.0.0.1",
      handleSignals: false,
      logger: pino({ level: "silent" }),
    });
    try {
      const body = BODY;
      expect((await createAdapterClient(server.url).post("/verify", body)).status).toBe(401);
      expect((await createAdapterClient(server.url, { signingSecret: SECRET }).post("/verify", body)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("refuses at start-up a secret with no key in it", async () => {
    await expect(startAdapter(fixtureAdapter(), { signingSecret: "whsec_" })).rejects.toThrow(/whsec_/);
  });

  it("leaves the check off in the test kit unless a secret is passed", async () => {
    vi.stubEnv("ADAPTER_SIGNING_SECRET", SECRET);
    started = await startAdapter(fixtureAdapter());
    expect((await unsigned().post("/verify", BODY)).status).toBe(200);
  });
});
