import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store } from "../store/index.ts";
import { isCallbackSecret, listCallbackSecrets, readCallbackSecret, rotateCallbackSecret } from "./callback-secret.ts";
import { withCallbackTables } from "./callback-tables.ts";

const key = randomBytes(32);

describe("isCallbackSecret", () => {
  it("accepts whsec_ with 24 to 64 base64 key bytes and refuses anything else", () => {
    expect(isCallbackSecret(`whsec_${randomBytes(24).toString("base64")}`)).toBe(true);
    expect(isCallbackSecret(`whsec_${randomBytes(64).toString("base64")}`)).toBe(true);
    expect(isCallbackSecret(`whsec_${randomBytes(16).toString("base64")}`)).toBe(false);
    expect(isCallbackSecret(randomBytes(32).toString("base64"))).toBe(false);
    expect(isCallbackSecret("whsec_not base64!")).toBe(false);
  });
});

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`callback secrets ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    it("creates a whsec_ secret of 32 random bytes on first read and returns the same one afterwards", async () => {
      const { organization_id } = await seedWorkflow(store);
      const first = await readCallbackSecret(store.db, key, organization_id);
      expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(first.slice(6), "base64")).toHaveLength(32);
      expect(await readCallbackSecret(store.db, key, organization_id)).toBe(first);
    });

    it("gives each organization its own secret", async () => {
      const a = await seedWorkflow(store);
      const b = await seedWorkflow(store);
      const secrets = await Promise.all([a, b].map((w) => readCallbackSecret(store.db, key, w.organization_id)));
      expect(secrets[0]).not.toBe(secrets[1]);
    });

    it("agrees on one secret when first reads race", async () => {
      const { organization_id } = await seedWorkflow(store);
      const reads = await Promise.all(
        Array.from({ length: 5 }, () => readCallbackSecret(store.db, key, organization_id)),
      );
      expect(new Set(reads).size).toBe(1);
    });

    it("keeps the secret sealed at rest and refuses to open it with another service key", async () => {
      const { organization_id } = await seedWorkflow(store);
      const secret = await readCallbackSecret(store.db, key, organization_id);
      const row = await withCallbackTables(store.db)
        .selectFrom("callback_secrets")
        .selectAll()
        .where("organization_id", "=", organization_id)
        .executeTakeFirstOrThrow();
      expect(row.secret_enc).not.toContain(secret.slice(6));
      await expect(readCallbackSecret(store.db, randomBytes(32), organization_id)).rejects.toThrow();
    });

    it("rotates to a fresh or a given secret and refuses a malformed one", async () => {
      const { organization_id } = await seedWorkflow(store);
      const before = await readCallbackSecret(store.db, key, organization_id);
      const fresh = await rotateCallbackSecret(store.db, key, organization_id);
      expect(fresh).not.toBe(before);
      expect(await readCallbackSecret(store.db, key, organization_id)).toBe(fresh);
      const given = `whsec_${randomBytes(32).toString("base64")}`;
      await rotateCallbackSecret(store.db, key, organization_id, given);
      expect(await readCallbackSecret(store.db, key, organization_id)).toBe(given);
      await expect(rotateCallbackSecret(store.db, key, organization_id, "whsec_short")).rejects.toThrow(TypeError);
      expect(await readCallbackSecret(store.db, key, organization_id)).toBe(given);
    });

    it("lists every secret it can open and skips one sealed under another key", async () => {
      const mine = await seedWorkflow(store);
      const foreign = await seedWorkflow(store);
      const secret = await readCallbackSecret(store.db, key, mine.organization_id);
      await readCallbackSecret(store.db, randomBytes(32), foreign.organization_id);
      const listed = await listCallbackSecrets(store.db, key);
      expect(listed).toContainEqual({ organizationId: mine.organization_id, secret });
      expect(listed.map((entry) => entry.organizationId)).not.toContain(foreign.organization_id);
    });
  });
}
