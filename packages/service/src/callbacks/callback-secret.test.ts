import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWorkflow } from "../../test/helpers/seed.ts";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { openStore, type Store } from "../store/index.ts";
import {
  isCallbackSecret,
  listCallbackSecrets,
  ROTATION_OVERLAP_MS,
  readCallbackSecrets,
  rotateCallbackSecret,
  signingSecrets,
} from "./callback-secret.ts";
import { withCallbackTables } from "./callback-tables.ts";

const key = randomBytes(32);
const NOW = new Date("2026-03-01T12:00:00.000Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const fresh = () => `whsec_${randomBytes(32).toString("base64")}`;

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
    const readCallbackSecret = async (organizationId: number, serviceKey = key, at = NOW) =>
      (await readCallbackSecrets(store.db, serviceKey, organizationId, at)).secret;
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
      const first = await readCallbackSecret(organization_id);
      expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      expect(Buffer.from(first.slice(6), "base64")).toHaveLength(32);
      expect(await readCallbackSecret(organization_id)).toBe(first);
    });

    it("gives each organization its own secret", async () => {
      const a = await seedWorkflow(store);
      const b = await seedWorkflow(store);
      const secrets = await Promise.all([a, b].map((w) => readCallbackSecret(w.organization_id)));
      expect(secrets[0]).not.toBe(secrets[1]);
    });

    it("agrees on one secret when first reads race", async () => {
      const { organization_id } = await seedWorkflow(store);
      const reads = await Promise.all(Array.from({ length: 5 }, () => readCallbackSecret(organization_id)));
      expect(new Set(reads).size).toBe(1);
    });

    it("keeps the secret sealed at rest and refuses to open it with another service key", async () => {
      const { organization_id } = await seedWorkflow(store);
      const secret = await readCallbackSecret(organization_id);
      const row = await withCallbackTables(store.db)
        .selectFrom("callback_secrets")
        .selectAll()
        .where("organization_id", "=", organization_id)
        .executeTakeFirstOrThrow();
      expect(row.secret_enc).not.toContain(secret.slice(6));
      await expect(readCallbackSecret(organization_id, randomBytes(32))).rejects.toThrow();
    });

    it("rotates to a fresh or a given secret and refuses a malformed one", async () => {
      const { organization_id } = await seedWorkflow(store);
      const before = await readCallbackSecret(organization_id);
      const rotated = await rotateCallbackSecret(store.db, key, organization_id, { now: NOW });
      expect(rotated).not.toBe(before);
      expect(await readCallbackSecret(organization_id)).toBe(rotated);
      const given = fresh();
      await rotateCallbackSecret(store.db, key, organization_id, { now: NOW, secret: given });
      expect(await readCallbackSecret(organization_id)).toBe(given);
      const malformed = { now: NOW, secret: "whsec_short" };
      await expect(rotateCallbackSecret(store.db, key, organization_id, malformed)).rejects.toThrow(TypeError);
      expect(await readCallbackSecret(organization_id)).toBe(given);
    });

    it("lists every secret it can open and skips one sealed under another key", async () => {
      const mine = await seedWorkflow(store);
      const foreign = await seedWorkflow(store);
      const secret = await readCallbackSecret(mine.organization_id);
      await readCallbackSecret(foreign.organization_id, randomBytes(32));
      const listed = await listCallbackSecrets(store.db, key, NOW);
      expect(listed).toContainEqual({ organizationId: mine.organization_id, secret });
      expect(listed.map((entry) => entry.organizationId)).not.toContain(foreign.organization_id);
    });

    it("signs with the replaced secret too for a day after a rotation, then with the new one alone", async () => {
      const { organization_id } = await seedWorkflow(store);
      const before = await readCallbackSecret(organization_id);
      const rotated = await rotateCallbackSecret(store.db, key, organization_id, { now: NOW });
      const during = await readCallbackSecrets(store.db, key, organization_id, later(ROTATION_OVERLAP_MS - 1));
      expect(signingSecrets(during)).toEqual([rotated, before]);
      expect(during.previous?.expiresAt).toBe(later(ROTATION_OVERLAP_MS).toISOString());
      const listed = await listCallbackSecrets(store.db, key, later(ROTATION_OVERLAP_MS - 1));
      expect(listed.filter((entry) => entry.organizationId === organization_id)).toHaveLength(2);
      const after = await readCallbackSecrets(store.db, key, organization_id, later(ROTATION_OVERLAP_MS));
      expect(signingSecrets(after)).toEqual([rotated]);
      expect(after.previous).toBeNull();
    });

    it("keeps only the latest replaced secret when rotated twice within the overlap", async () => {
      const { organization_id } = await seedWorkflow(store);
      await readCallbackSecret(organization_id);
      const second = await rotateCallbackSecret(store.db, key, organization_id, { now: NOW });
      const third = await rotateCallbackSecret(store.db, key, organization_id, { now: later(1000) });
      const secrets = await readCallbackSecrets(store.db, key, organization_id, later(2000));
      expect(signingSecrets(secrets)).toEqual([third, second]);
      expect(secrets.previous?.expiresAt).toBe(later(1000 + ROTATION_OVERLAP_MS).toISOString());
    });
  });
}
