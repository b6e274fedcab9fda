import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/create-logger.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, createWorkflow, startTestService, type TestService } from "../helpers/test-service.ts";
import { type AppAdapters, startAppAdapters } from "./app-adapters.ts";
import { SECRET_SOURCES } from "./secret-sources.ts";

const ADMIN_TOKEN = randomBytes(32).toString("base64url");
const SERVICE_KEY = randomBytes(32).toString("hex");

/** How a secret could sit in a file: as given, without its prefix, and its key bytes raw, in hex and base64. */
function encodingsOf(secret: string): Buffer[] {
  const core = secret.replace(/^(ak_|whsec_)/, "");
  const forms = new Set([secret, core]);
  const raws = [Buffer.from(core, "base64url"), Buffer.from(core, "base64")];
  if (/^[0-9a-f]+$/i.test(core)) raws.push(Buffer.from(core, "hex"));
  const encoded: Buffer[] = [];
  for (const raw of raws.filter((bytes) => bytes.length >= 16)) {
    encoded.push(raw);
    for (const text of [raw.toString("hex"), raw.toString("base64"), raw.toString("base64url")]) forms.add(text);
  }
  return [...[...forms].map((form) => Buffer.from(form)), ...encoded];
}

/** The places a secret was found in, as `kind in file`. */
function findings(secrets: readonly { kind: string; value: string }[], files: Record<string, Buffer>): string[] {
  const found: string[] = [];
  for (const { kind, value } of secrets) {
    for (const [name, bytes] of Object.entries(files)) {
      if (encodingsOf(value).some((form) => bytes.includes(form))) found.push(`${kind} in ${name}`);
    }
  }
  return found;
}

/** The SQLite files of a data dir (database, WAL, shared memory), read now. */
function databaseFiles(dataDir: string): Record<string, Buffer> {
  const names = readdirSync(dataDir).filter((name) => /\.sqlite(-wal|-shm)?$/.test(name));
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(dataDir, name))]));
}

const sqlite = STORE_LANES.filter((lane) => lane.name === "sqlite");

for (const lane of sqlite) {
  describe(`no secret in clear in the database files or the logs ${lane.title}`, () => {
    const logs: string[] = [];
    const secrets: { kind: string; value: string }[] = [];
    let test: TestService;
    let adapters: AppAdapters;
    let whileRunning: Record<string, Buffer>;

    beforeAll(async () => {
      adapters = await startAppAdapters();
      test = await startTestService(lane, {
        adminToken: ADMIN_TOKEN,
        secretKey: SERVICE_KEY,
        logger: createLogger("trace", { write: (line: string) => void logs.push(line) }),
        callbacks: { pollIntervalMs: 20 },
        healthPolling: false,
        // A2: the fixtures source runs a review, whose stored report must not hold a credential in clear.
        reviews: { pollMs: 100 },
      });
      const tenant = await createTenant(test, "secrets");
      const workflowId = (await createWorkflow(test, tenant.token)).id;
      const context = {
        test,
        adminToken: ADMIN_TOKEN,
        serviceKey: SERVICE_KEY,
        workflowId,
        appUrl: adapters.urlOf,
        ...tenant,
      };
      for (const source of SECRET_SOURCES) {
        for (const value of await source.plant({ ...context, projectToken: tenant.token })) {
          secrets.push({ kind: source.kind, value });
        }
      }
      whileRunning = databaseFiles(test.location.options.dataDir);
      await test.service.close();
    }, 60_000);
    afterAll(async () => {
      await adapters?.close();
      await test?.location.dispose();
    });

    it("planted every kind of secret and logged the run", () => {
      expect(new Set(secrets.map((secret) => secret.kind))).toEqual(new Set(SECRET_SOURCES.map((s) => s.kind)));
      expect(secrets.filter((secret) => typeof secret.value !== "string" || secret.value.length < 32)).toEqual([]);
      expect(logs.length).toBeGreaterThan(20);
      expect(Object.keys(whileRunning)).toContain("adapterkit.sqlite-wal");
    });

    it("finds no secret in the database, its WAL or shared memory, while running or after close", () => {
      const closed = databaseFiles(test.location.options.dataDir);
      const renamed = (files: Record<string, Buffer>, when: string) =>
        Object.fromEntries(Object.entries(files).map(([name, bytes]) => [`${name} (${when})`, bytes]));
      expect(findings(secrets, { ...renamed(whileRunning, "running"), ...renamed(closed, "closed") })).toEqual([]);
    });

    it("finds no secret in the logs at trace level", () => {
      expect(findings(secrets, { logs: Buffer.from(logs.join("")) })).toEqual([]);
    });
  });
}
