import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { type Generated, Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitSqliteDialect } from "./group-commit-dialect.ts";

interface Tables {
  notes: { id: Generated<number>; text: string };
}

/** A sync the test finishes by hand: each call waits until `finish` (or `fail`) is called. */
function manualSync() {
  const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
  return {
    calls: () => pending.length,
    sync: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
    finish: () => pending.shift()?.resolve(),
    fail: (error: Error) => pending.shift()?.reject(error),
  };
}

const settled = async <T>(promise: Promise<T>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
};

// D178: with `sync`, the COMMIT does not wait for the disk; nobody hears of a commit before the sync after it.
describe("GroupCommitSqliteDialect with an outside sync", () => {
  let dir: string;
  let db: Kysely<Tables>;
  let wal: ReturnType<typeof manualSync>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "adapterkit-group-sync-"));
    const database = new Sqlite(join(dir, "test.sqlite"));
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    wal = manualSync();
    db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(database, { sync: wal.sync }) });
    const created = sql`create table notes (id integer primary key, text text not null)`.execute(db);
    while (wal.calls() === 0) await new Promise((resolve) => setImmediate(resolve));
    wal.finish();
    await created;
  });
  afterEach(async () => {
    while (wal.calls() > 0) wal.finish();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const note = (text: string) => db.transaction().execute((trx) => trx.insertInto("notes").values({ text }).execute());

  it("answers a transaction only after the sync that follows its commit", async () => {
    const writing = note("a");
    expect(await settled(writing)).toBe(false);
    expect(wal.calls()).toBe(1);
    wal.finish();
    expect(await settled(writing)).toBe(true);
  });

  it("covers the commits made while a sync runs with one more sync", async () => {
    const first = note("a");
    await settled(first);
    const later = [note("b"), note("c")];
    expect(await settled(Promise.all(later))).toBe(false);
    expect(wal.calls()).toBe(1);
    wal.finish();
    expect(await settled(first)).toBe(true);
    expect(await settled(Promise.all(later))).toBe(false);
    expect(wal.calls()).toBe(1);
    wal.finish();
    expect(await settled(Promise.all(later))).toBe(true);
  });

  it("holds back a read that may see a commit not yet synced, and answers one at once when all are", async () => {
    const writing = note("a");
    await settled(writing);
    const reading = db.selectFrom("notes").select("text").execute();
    expect(await settled(reading)).toBe(false);
    wal.finish();
    await settled(writing);
    wal.finish();
    expect(await reading).toEqual([{ text: "a" }]);
    expect(await db.selectFrom("notes").select("text").execute()).toEqual([{ text: "a" }]);
  });

  it("fails every transaction waiting on a sync that fails", async () => {
    const writing = Promise.allSettled([note("a"), note("b")]);
    await settled(writing);
    wal.fail(new Error("EIO"));
    const results = await writing;
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
  });
});
