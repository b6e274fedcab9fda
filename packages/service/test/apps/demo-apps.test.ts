import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { startTestService, type TestService } from "../helpers/test-service.ts";

const lane = STORE_LANES[0];
const secret = () => `whsec_${randomBytes(32).toString("base64")}`;
const FLAT = { bot_token: "xoxb-demo", host: "mail.test", password: "pw" };

describe.skipIf(lane?.skip ?? true)("npm start's sample Apps (D123)", () => {
  let test: TestService;
  let adapter: RecordingAdapter;
  let first: string;
  const demo = { organization: "demo" };

  beforeAll(async () => {
    if (lane === undefined) throw new Error("no lane");
    test = await startTestService(lane, { healthPolling: false });
    const secrets = await test.service.apps.demoSigningSecrets(["recorder"]);
    first = secrets.get("recorder") ?? "";
    adapter = await startRecordingAdapter({ signingSecret: first });
  });
  afterAll(async () => {
    await test?.close();
    await adapter?.close();
  });

  const install = (signingSecrets: Map<string, string>, credentials = FLAT, changes: string[] = []) =>
    test.service.apps.installDemoApps(demo, {
      adapters: [{ slug: "recorder", baseUrl: adapter.url, credentials }],
      signingSecrets,
      onChange: (change) => changes.push(change),
    });

  it("registers, publishes and installs with the stand-in's credentials, signed with the secret it served", async () => {
    expect(first).toMatch(/^whsec_/);
    const [installation] = await install(new Map([["recorder", first]]));
    expect(installation).toMatchObject({ app: "recorder", state: "active", verified_user: "recorder-bot" });
    expect(adapter.verifies.at(-1)?.credentials).toEqual(FLAT);
    const [app] = await test.service.apps.list(demo);
    expect(app).toMatchObject({ slug: "recorder", state: "published" });
  });

  it("keeps the App's secret and the earlier demo installation on the next start, changing nothing (D463)", async () => {
    const [before] = await test.service.apps.installations(demo);
    const again = await test.service.apps.demoSigningSecrets(["recorder"]);
    expect(again.get("recorder")).toBe(first);
    const changes: string[] = [];
    const [installation] = await install(again, FLAT, changes);
    expect(changes).toEqual([]);
    expect(installation?.id).toBe(before?.id);
    const [after] = await test.service.apps.installations(demo);
    expect(after).toEqual(before);
    const [app] = await test.service.apps.list(demo);
    expect(app).toMatchObject({ latest_version: 1, published_version: 1 });
  });

  it("replaces credentials that no longer match the stand-in in place, under the same installation", async () => {
    const [before] = await test.service.apps.installations(demo);
    const changes: string[] = [];
    const moved = { ...FLAT, host: "mail-moved.test" };
    const [installation] = await install(new Map([["recorder", first]]), moved, changes);
    expect(installation?.id).toBe(before?.id);
    expect(changes).toEqual([expect.stringMatching(/credential \S+ updated in place/)]);
    const again: string[] = [];
    await install(new Map([["recorder", first]]), moved, again);
    expect(again).toEqual([]);
  });

  it("takes ADAPTER_SIGNING_SECRET when given, rotating the App to it", async () => {
    const wanted = secret();
    const secrets = await test.service.apps.demoSigningSecrets(["recorder"], wanted);
    expect(secrets.get("recorder")).toBe(wanted);
    expect(await test.service.apps.signingSecret(demo, "recorder")).toBe(wanted);
  });
});
