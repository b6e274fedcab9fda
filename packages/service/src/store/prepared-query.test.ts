import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import type { Database } from "./database.ts";
import { openStore, type Store } from "./open-store.ts";
import { param, preparedBatch, preparedQuery } from "./prepared-query.ts";

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`preparedQuery ${lane.title}`, () => {
    let location: StoreLocation;
    let store: Store;
    let builds = 0;
    const insert = preparedQuery((db: Kysely<Database>) => {
      builds += 1;
      return db
        .insertInto("organizations")
        .values({ name: param("name"), created_at: "2030-01-01T00:00:00.000Z" })
        .returning(["id", "name", "created_at"]);
    });
    const byName = preparedQuery((db: Kysely<Database>) =>
      db.selectFrom("organizations").select(["id", "name"]).where("name", "=", param<string>("name")),
    );

    beforeAll(async () => {
      location = await lane.allocate();
      store = await openStore(location.options);
    });
    afterAll(async () => {
      await store?.close();
      await location?.dispose();
    });

    it("binds named values on every call and builds the query once per database", async () => {
      const first = await insert.executeTakeFirst(store.db, { name: "one" });
      const second = await insert.executeTakeFirst(store.db, { name: "two" });
      expect([first?.name, second?.name]).toEqual(["one", "two"]);
      expect(first?.created_at).toBe("2030-01-01T00:00:00.000Z");
      expect(builds).toBe(1);
      expect(await byName.execute(store.db, { name: "two" })).toEqual([{ id: second?.id, name: "two" }]);
      expect(await byName.executeTakeFirst(store.db, { name: "three" })).toBeUndefined();
    });

    it("runs inside a transaction and rolls back with it", async () => {
      await expect(
        store.db.transaction().execute(async (trx) => {
          await insert.execute(trx, { name: "rolled back" });
          throw new Error("abort");
        }),
      ).rejects.toThrow("abort");
      expect(await byName.execute(store.db, { name: "rolled back" })).toEqual([]);
    });

    it("inserts any number of rows with a prepared batch, in as few statements as its database wants", async () => {
      let shapes = 0;
      const insertMany = preparedBatch((db: Kysely<Database>, rows: { name: string }[]) => {
        shapes += 1;
        return db
          .insertInto("organizations")
          .values(rows.map((row) => ({ name: row.name, created_at: "2030-01-01T00:00:00.000Z" })))
          .returning("name");
      });
      const names = (count: number, tag: string) => Array.from({ length: count }, (_, i) => ({ name: `${tag}-${i}` }));
      const sorted = (rows: readonly { name: string }[]) => rows.map((row) => row.name).sort();
      const postgres = lane.title.startsWith("on PostgreSQL");
      // One statement of 23 rows on either database.
      const inserted = await insertMany.execute(store.db, names(23, "batch"));
      expect(sorted(inserted)).toEqual(sorted(names(23, "batch")));
      expect(shapes).toBe(1);
      // One statement of 7 rows.
      await insertMany.execute(store.db, names(7, "again"));
      expect(shapes).toBe(2);
      // SQLite: 64 + 32 + 4, three new shapes; PostgreSQL: 64 rows, then one statement of the 36 left.
      const many = await insertMany.execute(store.db, names(100, "many"));
      expect(sorted(many)).toEqual(sorted(names(100, "many")));
      expect(shapes).toBe(postgres ? 4 : 5);
      // SQLite: the last call's 32 again; PostgreSQL: a new shape of 32.
      await insertMany.execute(store.db, names(32, "exact"));
      expect(shapes).toBe(5);
      expect(await insertMany.execute(store.db, [])).toEqual([]);
    });

    it("refuses a call that lacks a named value", async () => {
      await expect(byName.execute(store.db, {} as { name: string })).rejects.toThrow(/no value for parameter "name"/);
    });
  });
}
