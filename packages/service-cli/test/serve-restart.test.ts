import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore } from "@adapterkit/service";
import { freePort } from "adapterkit/testing";
import pg from "pg";
import { afterEach, expect, it } from "vitest";

const BIN = new URL("../bin/adapterkit-service.js", import.meta.url).pathname;
const READY = "Ctrl-C stops everything.";
const PG = process.env.ADAPTERKIT_TEST_DATABASE_URL;

/** A running `adapterkit-service serve` (what `npm start` runs) and everything it printed until its summary. */
interface Served {
  readonly child: ChildProcess;
  readonly output: string;
  readonly url: string;
}

const running = new Set<ChildProcess>();

/** Starts `adapterkit-service serve` in its own process group and resolves once it printed its summary. */
function serve(env: Record<string, string>): Promise<Served> {
  const child = spawn(process.execPath, [BIN, "serve"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  running.add(child);
  let output = "";
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not get ready:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(READY)) return;
      clearTimeout(timer);
      child.stdout?.off("data", read);
      const url = /adapterkit reference service\s+(http:\/\/\S+)/.exec(output)?.[1];
      if (url === undefined) fail(new Error(`no service URL in:\n${output}`));
      else done({ child, output, url });
    };
    child.stdout.on("data", read);
    child.stderr.on("data", read);
    child.once("exit", (code) => fail(new Error(`serve exited with ${code}:\n${output}`)));
  });
}

/** Stops a serve process group (SIGTERM, as Ctrl-C does) and waits for it to exit. */
function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    child.once("exit", () => done());
    if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM");
  });
}

let dataDir: string | undefined;
afterEach(async () => {
  await Promise.all([...running].map(stop));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  dataDir = undefined;
});

type Json = Record<string, unknown>;

/** Everything of the demo that a restart must keep, read through the API; timestamps of activity left out. */
async function recordDemo(url: string, token: string): Promise<Json> {
  const get = async (path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, path).toBe(200);
    return (await response.json()) as { items: Json[] };
  };
  const pick = (item: Json, keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, item[key]]));
  const apps = (await get("/api/v1/apps")).items.map((app) =>
    pick(app, ["id", "slug", "state", "latest_version", "published_version", "base_url", "created_at"]),
  );
  const installations = (await get("/api/v1/installations")).items.map((installation) =>
    pick(installation, [
      "id",
      "app",
      "app_version",
      "state",
      "front_desk",
      "verified_user",
      "inbound_url",
      "created_at",
    ]),
  );
  const workflows = (await get("/api/v1/workflows")).items.map((workflow) =>
    pick(workflow, ["id", "name", "created_at"]),
  );
  const triggers = [];
  for (const workflow of workflows) {
    for (const trigger of (await get(`/api/v1/workflows/${workflow.id}/triggers`)).items) {
      triggers.push(
        pick(trigger, [
          "id",
          "type",
          "name",
          "enabled",
          "webhook_url",
          "app_installation_id",
          "event_type",
          "created_at",
        ]),
      );
    }
  }
  const toolServers = (await get("/api/v1/tool-servers")).items.map((server) =>
    pick(server, ["id", "name", "url", "skill_id", "created_at"]),
  );
  const skills = (await get("/api/v1/skills")).items.map((skill) =>
    pick(skill, ["id", "name", "origin", "created_at"]),
  );
  return { apps, installations, workflows, triggers, toolServers, skills };
}

/** The reply outbox of one installation, read from the store of a stopped service. */
async function withStore<T>(
  location: { dataDir: string },
  use: (db: Awaited<ReturnType<typeof openStore>>) => Promise<T>,
) {
  const store = await openStore({ dataDir: location.dataDir, lock: false });
  try {
    return await use(store);
  } finally {
    await store.close();
  }
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}

it("starts again on its data dir and keeps the demo as it was: ids, versions, switch, triggers, outbox", async () => {
  dataDir = await mkdtemp(join(tmpdir(), "adapterkit-restart-"));
  const env = {
    PORT: String(await freePort()),
    ADAPTERS_PORT: String(await freePort()),
    ADAPTERKIT_DATA_DIR: dataDir,
    DATABASE_URL: "",
  };
  const first = await serve(env);
  expect(first.output).not.toMatch(/failed|found the demo/i);
  const token = /API token \(shown once\)\s+(\S+)/.exec(first.output)?.[1] ?? "";
  const chat = /^\s+chat\s+(inst_\S+)\s+verified as/m.exec(first.output)?.[1] ?? "";
  const runsUrl = /the run it started\s+curl (\S+\/triggers\/\d+\/runs)/.exec(first.output)?.[1] ?? "";
  const postMessage = /post a message\s+curl -X POST (\S+)/.exec(first.output)?.[1] ?? "";
  expect([token, chat, runsUrl, postMessage].every(Boolean)).toBe(true);
  const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const switched = await fetch(`${first.url}/api/v1/installations/${chat}`, {
    method: "PATCH",
    headers: auth,
    body: JSON.stringify({ front_desk: true }),
  });
  expect(switched.status).toBe(200);
  const before = await recordDemo(first.url, token);
  await stop(first.child);

  // A reply still in the outbox when the service stopped.
  const queued = `queued before the restart ${randomBytes(4).toString("hex")}`;
  await withStore({ dataDir }, (store) =>
    store.db
      .insertInto("deliveries" as never)
      .values({
        installation_id: chat,
        channel_address: "C1",
        text: queued,
        status: "pending",
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      } as never)
      .execute(),
  );

  const second = await serve(env);
  expect(second.output).not.toMatch(/failed/i);
  expect(second.output).toMatch(/found the demo from \d{4}-\d\d-\d\d \d\d:\d\d UTC, kept as it was\n/);
  expect(second.output).not.toMatch(/API token \(shown once\)/);
  expect(second.output).toContain("npx adapterkit-service token create --project default");
  expect(await recordDemo(second.url, token)).toEqual(before);
  expect(second.output).toContain(runsUrl);
  expect((await fetch(runsUrl, { headers: auth })).status).toBe(200);

  // The queued reply is delivered to the chat platform, not dead-lettered.
  const messagesUrl = postMessage;
  const delivered = await eventually(async () => {
    const { messages: posted } = (await (await fetch(messagesUrl)).json()) as { messages: { text: string }[] };
    return posted.some((message) => message.text === queued) ? posted : undefined;
  }, "the queued reply");
  expect(delivered.filter((message) => message.text === queued)).toHaveLength(1);

  // The inbound URL the first start printed still takes the platform's events: a message gets a front-desk reply.
  const events = `${first.url}/api/v1/installations/${chat}/events`;
  const eventsBefore = ((await (await fetch(events, { headers: auth })).json()) as { items: unknown[] }).items.length;
  const said = await fetch(postMessage, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ channel: "C1", user: "U1", text: "hello again" }),
  });
  expect(said.status).toBeLessThan(300);
  await eventually(async () => {
    const items = ((await (await fetch(events, { headers: auth })).json()) as { items: unknown[] }).items;
    return items.length > eventsBefore ? items : undefined;
  }, "the inbound event");
  await stop(second.child);
  const dead = await withStore({ dataDir }, (store) =>
    store.db
      .selectFrom("deliveries" as never)
      .select(["status" as never])
      .where("status" as never, "=", "dead" as never)
      .execute(),
  );
  expect(dead).toEqual([]);
}, 400_000);

it.skipIf(PG === undefined)(
  "joins a demo another instance serves on the same PostgreSQL and changes nothing (needs ADAPTERKIT_TEST_DATABASE_URL)",
  async () => {
    dataDir = await mkdtemp(join(tmpdir(), "adapterkit-join-"));
    // A fresh database of its own on the test server: `npm start` uses the default schema of DATABASE_URL.
    const name = `adapterkit_join_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: PG });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const databaseUrl = new URL(PG ?? "");
    databaseUrl.pathname = `/${name}`;
    const port = await freePort();
    // Instances behind one address share its public URL, which the API's URLs (inbound, hooks) are built on.
    const shared = {
      ADAPTERKIT_PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl.toString(),
      ADAPTERKIT_SECRET_KEY: randomBytes(32).toString("base64url"),
    };
    try {
      const first = await serve({
        ...shared,
        PORT: String(port),
        ADAPTERS_PORT: String(await freePort()),
        ADAPTERKIT_DATA_DIR: join(dataDir, "one"),
      });
      const token = /API token \(shown once\)\s+(\S+)/.exec(first.output)?.[1] ?? "";
      expect(token).not.toBe("");
      const before = await recordDemo(first.url, token);
      const second = await serve({
        ...shared,
        PORT: String(await freePort()),
        ADAPTERS_PORT: String(await freePort()),
        ADAPTERKIT_DATA_DIR: join(dataDir, "two"),
      });
      expect(second.output).toMatch(/served by another instance; joined it and changed nothing/);
      expect(second.output).not.toMatch(/failed|API token \(shown once\)/i);
      expect(await recordDemo(second.url, token)).toEqual(before);
      expect(await recordDemo(first.url, token)).toEqual(before);
      for (const url of [first.url, second.url]) expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      await Promise.all([...running].map(stop));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  400_000,
);
