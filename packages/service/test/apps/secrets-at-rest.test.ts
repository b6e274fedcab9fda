import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RecordingAdapter, startRecordingAdapter } from "../helpers/recording-adapter.ts";
import { STORE_LANES } from "../helpers/store-lanes.ts";
import { createTenant, startTestService, type TestService } from "../helpers/test-service.ts";

const TOKEN = "xoxb-clear-3f9a1c7e5b2d";
const PASSWORD = "pw-clear-8e4b6a2c0d1f";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(
    `no credential or signing secret in the clear at rest or in logs (A3, A5) ${lane.title}`,
    () => {
      let test: TestService;
      let adapter: RecordingAdapter;
      let signingSecret: string;
      const logLines: string[] = [];

      beforeAll(async () => {
        adapter = await startRecordingAdapter();
        const sink = new Writable({
          write(chunk, _encoding, done) {
            logLines.push(String(chunk));
            done();
          },
        });
        test = await startTestService(lane, {
          logger: pino({ level: "trace" }, sink),
          allowedHosts: ["127.0.0.1"],
          healthPolling: false,
        });
        const { token } = await createTenant(test, "acme");
        expect((await test.call("/api/v1/apps", { token, json: { base_url: adapter.url } })).status).toBe(201);
        const secret = await test.call("/api/v1/apps/recorder/signing-secret", { token });
        signingSecret = ((await secret.json()) as { secret: string }).secret;
        const credentials = { recorder_token: TOKEN, recorder_server: { host: "mail.test", password: PASSWORD } };
        const installed = await test.call("/api/v1/installations", { token, json: { app: "recorder", credentials } });
        expect(installed.status).toBe(201);
        const refused = { recorder_token: "bad", recorder_server: { host: "mail.test", password: PASSWORD } };
        expect(
          (await test.call("/api/v1/installations", { token, json: { app: "recorder", credentials: refused } })).status,
        ).toBe(422);
        await test.call("/api/v1/apps/recorder/signing-secret/rotate", { token, method: "POST" });
      });
      afterAll(async () => {
        await test?.close();
        await adapter?.close();
      });

      const secrets = () => [TOKEN, PASSWORD, signingSecret, signingSecret.slice("whsec_".length)];

      it("keeps every table row free of the values it was given", async () => {
        const db = test.service.store.db;
        for (const table of ["apps", "app_versions", "credentials", "installations"]) {
          const rows = await sql`select * from ${sql.table(table)}`.execute(db);
          expect(rows.rows.length).toBeGreaterThan(0);
          const text = JSON.stringify(rows.rows);
          for (const secret of secrets()) expect(text).not.toContain(secret);
        }
      });

      it.skipIf(lane.name !== "sqlite")(
        "keeps the database files free of them (files exist on SQLite only)",
        async () => {
          await test.service.close();
          const dir = test.location.options.dataDir;
          for (const file of readdirSync(dir)) {
            const bytes = readFileSync(join(dir, file), "latin1");
            for (const secret of secrets()) expect(bytes, file).not.toContain(secret);
          }
        },
      );

      it("logs none of them, though it logged the requests", () => {
        const logs = logLines.join("");
        expect(logs).toContain("/api/v1/installations");
        for (const secret of secrets()) expect(logs).not.toContain(secret);
      });
    },
  );
}
