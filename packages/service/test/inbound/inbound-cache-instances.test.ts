import { randomBytes } from "node:crypto";
import { signStandardWebhook } from "@adapterkit/sdk";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installationCredentialScope } from "../../src/credentials/credential-scope.ts";
import { readCredentials } from "../../src/credentials/read-credentials.ts";
import { saveCredential } from "../../src/credentials/save-credential.ts";
import { openInstallation } from "../../src/inbound/open-installation.ts";
import type { Service } from "../../src/index.ts";
import { createAppEventTrigger, type InboundWorld, inboundPath, startInboundWorld } from "../helpers/inbound-world.ts";
import { openServiceAt } from "../helpers/schedule-clock.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createWorkflow, readProblem } from "../helpers/test-service.ts";

const postgres = STORE_LANES.find((lane) => lane.name === "postgres");
const CREDENTIAL_KEY = "webhook_signing_secret";
// Long enough that only the generation (D420), never the entry's age, can explain a change seen by the next event.
const LONG_TTL_MS = 60_000;

// D420: two instances on one PostgreSQL each keep the inbound cache; a change through one instance, or written to
// the database by anything else, is seen by the other's very next event. SQLite is one process's: no second instance.
describe.skipIf(postgres?.skip ?? true)("the inbound cache across two instances on one PostgreSQL (D420)", () => {
  let world: InboundWorld;
  let second: Service;
  let secondUrl: string;
  let secret: string;
  let triggerId: number;
  let sent = 0;

  beforeAll(async () => {
    if (postgres === undefined) throw new Error("no PostgreSQL lane");
    world = await startInboundWorld(postgres, { worker: false, inboundCacheMs: LONG_TTL_MS });
    second = await openServiceAt(world.test.location, {
      allowedHosts: ["127.0.0.1"],
      healthPolling: false,
      inboundCacheMs: LONG_TTL_MS,
    });
    secondUrl = await second.listen(0, "127.0.0.1");
    secret = world.webhook.credentials.signing_secret;
    const workflow = await createWorkflow(world.test, world.tenant.token);
    const trigger = await createAppEventTrigger(world, workflow.id, {
      app_installation_id: world.installations.webhook.id,
      event_type: "ping",
      target_stage: "echo",
    });
    triggerId = trigger.id;
  });
  afterAll(async () => {
    await second?.close();
    await world?.close();
  });

  const post = (base: string, signingSecret = secret) => {
    sent += 1;
    const body = JSON.stringify({ type: "ping", sender: "shop", message: `ping ${sent}` });
    const headers = signStandardWebhook({ secret: signingSecret, body });
    return fetch(`${base}${inboundPath(world.installations.webhook)}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body,
    });
  };
  const routed = async (base: string, outcome: "accepted" | "unmatched", signingSecret?: string) => {
    const response = await post(base, signingSecret);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { outcome: string }).outcome).toBe(outcome);
  };
  const accepted = (base: string, signingSecret?: string) => routed(base, "accepted", signingSecret);

  it("verifies the next event with a credential replaced in the database, on both instances", async () => {
    await accepted(world.test.url);
    await accepted(secondUrl);
    const { installation, app } = await openInstallation(second, world.installations.webhook.id);
    const scope = installationCredentialScope(installation, app);
    const stored = await readCredentials(second.store.db, second.context.serviceKeys, scope, [CREDENTIAL_KEY]);
    const old = stored.get(CREDENTIAL_KEY);
    if (old === undefined) throw new Error("the webhook installation has no signing secret stored");
    const replaced = `whsec_${randomBytes(24).toString("base64")}`;
    const fields = Object.fromEntries(Object.keys(old.fields).map((name) => [name, replaced]));
    // As an OAuth refresh or a re-install does, written by neither service's request listener.
    await saveCredential(second.store.db, second.context.serviceKeys, {
      ...scope,
      key: CREDENTIAL_KEY,
      type: "text",
      fields,
      now: new Date(),
    });
    for (const base of [world.test.url, secondUrl]) {
      expect((await post(base, secret)).status).toBe(401);
      await accepted(base, replaced);
    }
    secret = replaced;
  });

  it("matches the next event on either instance against a trigger changed through one or in the database", async () => {
    await accepted(world.test.url);
    await accepted(secondUrl);
    const disabled = await world.test.call(`/api/v1/triggers/${triggerId}/disable`, {
      method: "POST",
      token: world.tenant.token,
    });
    expect(disabled.status).toBe(200);
    await routed(secondUrl, "unmatched");
    await routed(world.test.url, "unmatched");
    // Written by neither service's request listener, and no workflow with it.
    await second.store.db.updateTable("triggers").set({ enabled: 1 }).where("id", "=", triggerId).execute();
    await accepted(world.test.url);
    await accepted(secondUrl);
  });

  it("keeps the generation where it was while events fire triggers and move their counters", async () => {
    const generation = async () =>
      (await sql<{ generation: string }>`select generation from inbound_cache_generation`.execute(second.store.db))
        .rows[0]?.generation;
    const before = await generation();
    await accepted(world.test.url);
    await accepted(secondUrl);
    expect(before).toBeDefined();
    expect(await generation()).toBe(before);
  });

  it("answers 410 on the other instance for the very next event after an uninstall through one", async () => {
    await accepted(world.test.url);
    await accepted(secondUrl);
    const uninstalled = await fetch(`${world.test.url}/api/v1/installations/${world.installations.webhook.id}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${world.tenant.token}` },
    });
    expect(uninstalled.status).toBe(200);
    const gone = await post(secondUrl);
    expect(gone.status).toBe(410);
    expect((await readProblem(gone)).code).toBe("gone");
  });
});
