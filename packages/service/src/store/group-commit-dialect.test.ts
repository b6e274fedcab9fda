import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { type Generated, Kysely, sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GroupCommitSqliteDialect } from "./group-commit-dialect.ts";

interface Tables {
  notes: { id: Generated<number>; text: string };
  parents: { id: number };
  children: { id: number; parent_id: number };
}

describe("GroupCommitSqliteDialect", () => {
  let dir: string;
  let file: string;
  let db: Kysely<Tables>;
  let commits: number[];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "adapterkit-group-commit-"));
    file = join(dir, "test.sqlite");
    const database = new Sqlite(file);
    database.pragma("journal_mode = WAL");
    database.pragma("foreign_keys = ON");
    commits = [];
    db = new Kysely<Tables>({
      dialect: new GroupCommitSqliteDialect(database, { onCommit: (outcomes) => commits.push(outcomes) }),
    });
    await sql`create table notes (id integer primary key, text text not null unique)`.execute(db);
    await sql`create table parents (id integer primary key)`.execute(db);
    await sql`create table children (id integer primary key, parent_id integer not null
      references parents (id) deferrable initially deferred)`.execute(db);
    commits = [];
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** What another connection (another process, after a crash) would find on disk. */
  const onDisk = () => {
    const reader = new Sqlite(file, { readonly: true });
    try {
      return (reader.prepare("select text from notes order by id").all() as { text: string }[]).map((r) => r.text);
    } finally {
      reader.close();
    }
  };
  const note = (text: string) => db.transaction().execute((trx) => trx.insertInto("notes").values({ text }).execute());

  it("commits concurrent transactions together, and each resolves only once it is on disk", async () => {
    const seen: string[][] = [];
    const texts = Array.from({ length: 20 }, (_, index) => `n${index}`);
    await Promise.all(texts.map((text) => note(text).then(() => seen.push(onDisk()))));
    expect(commits).toEqual([20]);
    for (const visible of seen) expect(visible).toEqual(texts);
  });

  it("commits a lone transaction on its own", async () => {
    await note("alone");
    await note("again");
    expect(commits).toEqual([1, 1]);
    expect(onDisk()).toEqual(["alone", "again"]);
  });

  it("rolls back only the transaction that fails; the others in its group commit", async () => {
    const results = await Promise.allSettled([
      note("first"),
      db.transaction().execute(async (trx) => {
        await trx.insertInto("notes").values({ text: "doomed" }).execute();
        throw new Error("the handler failed");
      }),
      note("first"),
      note("third"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/the handler failed/);
    expect(String((results[2] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(onDisk()).toEqual(["first", "third"]);
  });

  it("answers a query outside a transaction only after the open group is on disk", async () => {
    const writing = note("pending");
    const read = db
      .selectFrom("notes")
      .select("text")
      .execute()
      .then((rows) => ({ rows, disk: onDisk() }));
    await writing;
    expect(await read).toEqual({ rows: [{ text: "pending" }], disk: ["pending"] });
  });

  it("commits concurrent writes made outside a transaction together, each answered once it is on disk", async () => {
    const texts = Array.from({ length: 10 }, (_, index) => `lone${index}`);
    const seen = await Promise.all(
      texts.map((text) =>
        db
          .insertInto("notes")
          .values({ text })
          .execute()
          .then(() => onDisk()),
      ),
    );
    expect(commits).toEqual([10]);
    for (const visible of seen) expect(visible).toEqual(texts);
  });

  it("undoes only the failing statement of a write made outside a transaction", async () => {
    const results = await Promise.allSettled([
      db.insertInto("notes").values({ text: "kept" }).execute(),
      db.insertInto("notes").values({ text: "kept" }).execute(),
      note("also kept"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(onDisk()).toEqual(["kept", "also kept"]);
  });

  it("answers a read with no group open without waiting for a commit", async () => {
    await note("settled");
    const rows = await db.selectFrom("notes").select("text").execute();
    expect(rows).toEqual([{ text: "settled" }]);
    expect(commits).toEqual([1]);
  });

  it("fails every transaction of a group whose commit fails, and keeps none of them", async () => {
    const results = await Promise.allSettled([
      note("innocent"),
      // A deferred foreign key is checked at COMMIT, so this member makes the shared commit fail.
      db
        .transaction()
        .execute((trx) => trx.insertInto("children").values({ id: 1, parent_id: 42 }).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(onDisk()).toEqual([]);
    await note("afterwards");
    expect(onDisk()).toEqual(["afterwards"]);
  });

  it("runs a connection block's queries while a group is open", async () => {
    const writing = note("grouped");
    const texts = await db.connection().execute(async (connection) => {
      await connection.insertInto("notes").values({ text: "from a block" }).execute();
      return connection.selectFrom("notes").select("text").orderBy("id").execute();
    });
    await writing;
    expect(texts.map((row) => row.text)).toEqual(["grouped", "from a block"]);
    expect(onDisk()).toEqual(["grouped", "from a block"]);
  });

  it("supports savepoints inside a controlled transaction", async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto("notes").values({ text: "kept" }).execute();
    const savepoint = await trx.savepoint("inner").execute();
    await savepoint.insertInto("notes").values({ text: "undone" }).execute();
    await savepoint.rollbackToSavepoint("inner").execute();
    await trx.commit().execute();
    expect(onDisk()).toEqual(["kept"]);
  });
});
