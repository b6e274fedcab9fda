import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { decryptSecret } from "../auth/secret-box.ts";
import { toServiceKeys } from "../auth/service-keys.ts";
import { openStore, SQLITE_FILE, type Store } from "../store/index.ts";
import { ORGANIZATION_WIDE } from "./credential-scope.ts";
import { withCredentialTables } from "./credential-tables.ts";
import { readCredentials } from "./read-credentials.ts";
import { saveCredential } from "./save-credential.ts";
import { fieldNamesOf } from "./seal-fields.ts";

const keys = toServiceKeys([randomBytes(32)]);
const NOW = new Date("2026-03-01T12:00:00.000Z");
const PASSWORD = `pw-${randomBytes(12).toString("hex")}`;

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`credentials (A5) ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let organizationId: number;
    const scope = () => ({ organizationId, publisherId: organizationId, projectId: ORGANIZATION_WIDE });
    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
      const org = await store.db
        .insertInto("organizations")
        .values({ name: "acme", created_at: NOW.toISOString() })
        .returning("id")
        .executeTakeFirstOrThrow();
      organizationId = org.id;
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    it("stores one record per organization and key, every field sealed, and opens it again", async () => {
      const fields = { host: "smtp.example.com", password: PASSWORD };
      await saveCredential(store.db, keys, { ...scope(), key: "mail", type: "text", fields, now: NOW });
      const opened = await readCredentials(store.db, keys, scope(), ["mail", "absent"]);
      expect(opened.get("mail")).toMatchObject({ type: "text", fields, status: "active", expiresAt: null });
      expect(opened.has("absent")).toBe(false);
      const row = await withCredentialTables(store.db).selectFrom("credentials").selectAll().executeTakeFirstOrThrow();
      expect(row.fields_enc).not.toContain(PASSWORD);
      expect(row.fields_enc).not.toContain("smtp.example.com");
      expect(fieldNamesOf(row.fields_enc)).toEqual(["host", "password"]);
    });

    it("replaces the record on a second save, keeping one row per key", async () => {
      const fields = { host: "smtp2.example.com", password: "second" };
      await saveCredential(store.db, keys, { ...scope(), key: "mail", type: "text", fields, now: NOW });
      const rows = await withCredentialTables(store.db).selectFrom("credentials").select("key").execute();
      expect(rows).toEqual([{ key: "mail" }]);
      expect((await readCredentials(store.db, keys, scope(), ["mail"])).get("mail")?.fields).toEqual(fields);
    });

    it("binds each sealed field to its place: a value moved to another field does not open", async () => {
      const row = await withCredentialTables(store.db).selectFrom("credentials").selectAll().executeTakeFirstOrThrow();
      const sealed = JSON.parse(row.fields_enc) as Record<string, string>;
      const context = `adapterkit:credential:${organizationId}:mail:`;
      expect(decryptSecret(keys, sealed.password ?? "", `${context}password`)).toBe("second");
      expect(() => decryptSecret(keys, sealed.password ?? "", `${context}host`)).toThrow();
    });

    it.skipIf(lane.name !== "sqlite")(
      "leaves no value in the clear in the SQLite file (a file exists on SQLite only)",
      async () => {
        await store.close();
        const files = [SQLITE_FILE, `${SQLITE_FILE}-wal`].map((name) => join(location.options.dataDir, name));
        for (const file of files) {
          let bytes = "";
          try {
            bytes = readFileSync(file, "latin1");
          } catch {
            continue;
          }
          expect(bytes).not.toContain(PASSWORD);
        }
        store = await openStore(location.options);
      },
    );
  });
}
