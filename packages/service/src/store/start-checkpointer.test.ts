import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Sqlite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BACKSTOP_CHECKPOINT_PAGES, startCheckpointer } from "./start-checkpointer.ts";

const ROWS = 2000;
const ROW_BYTES = 1000;

describe("startCheckpointer", () => {
  let dir: string;
  let file: string;
  let writer: Sqlite.Database;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "adapterkit-checkpointer-"));
    file = join(dir, "test.sqlite");
    writer = new Sqlite(file);
    writer.pragma("journal_mode = WAL");
    writer.exec("create table notes (id integer primary key, text text not null)");
  });
  afterEach(() => {
    if (writer.open) writer.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** About 2 MB of committed rows, all still in the WAL while the writer does not checkpoint. */
  const writeRows = () => {
    const insert = writer.prepare("insert into notes (text) values (?)");
    writer.transaction(() => {
      for (let i = 0; i < ROWS; i += 1) insert.run("x".repeat(ROW_BYTES));
    })();
  };
  const databaseBytes = () => statSync(file).size;

  async function until(condition: () => boolean): Promise<void> {
    for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  it("copies committed pages from the WAL into the database file while the writer does not", async () => {
    const checkpointer = startCheckpointer(writer, file);
    try {
      expect(writer.pragma("wal_autocheckpoint", { simple: true })).toBe(BACKSTOP_CHECKPOINT_PAGES);
      const before = databaseBytes();
      writeRows();
      await until(() => databaseBytes() >= before + ROWS * ROW_BYTES);
      expect(databaseBytes()).toBeGreaterThanOrEqual(before + ROWS * ROW_BYTES);
    } finally {
      await checkpointer.stop();
    }
  });

  it("hands checkpoints back to the writer when stopped, and stopping twice is harmless", async () => {
    const checkpointer = startCheckpointer(writer, file);
    await checkpointer.stop();
    await checkpointer.stop();
    expect(writer.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
  });

  it("hands checkpoints back to the writer when the thread cannot open the database", async () => {
    const checkpointer = startCheckpointer(writer, join(dir, "missing.sqlite"));
    try {
      await until(() => writer.pragma("wal_autocheckpoint", { simple: true }) === 1000);
      expect(writer.pragma("wal_autocheckpoint", { simple: true })).toBe(1000);
    } finally {
      await checkpointer.stop();
    }
  });
});
