import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORE_LANES, type StoreLocation } from "../../test/helpers/store-lanes.ts";
import { LOCK_FILE } from "./acquire-instance-lock.ts";
import { openStore, SQLITE_FILE } from "./open-store.ts";
import { BACKSTOP_CHECKPOINT_PAGES } from "./start-checkpointer.ts";

const CLOSE_FIXTURE = fileURLToPath(new URL("../../test/fixtures/open-and-close-store.ts", import.meta.url));

const TABLES = [
  "organizations",
  "projects",
  "workflows",
  "api_tokens",
  "triggers",
  "trigger_runs",
  "sessions",
  "workflow_runs",
  "run_outputs",
  "idempotency_keys",
];

for (const lane of STORE_LANES) {
  describe.skipIf(lane.skip)(`openStore ${lane.title}`, () => {
    let location: StoreLocation;
    beforeAll(async () => {
      location = await lane.allocate();
    });
    afterAll(async () => location?.dispose());

    it("creates every core table and answers a ping", async () => {
      const store = await openStore(location.options);
      try {
        // On PostgreSQL, this schema's tables only: listing every schema races with other files dropping theirs.
        const tables =
          lane.name === "postgres"
            ? (
                await sql<{ name: string }>`select table_name as name from information_schema.tables
                  where table_schema = current_schema()`.execute(store.db)
              ).rows.map((row) => row.name)
            : (await store.db.introspection.getTables()).map((table) => table.name);
        expect(tables).toEqual(expect.arrayContaining(TABLES));
        expect(await store.ping()).toBe(true);
        expect(store.dialect).toBe(lane.name);
      } finally {
        await store.close();
      }
      expect(await store.ping()).toBe(false);
    });

    it.skipIf(lane.name !== "sqlite")("leaves SQLite checkpoints to a background thread while open", async () => {
      const store = await openStore(location.options);
      const autocheckpoint = async () =>
        (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db)).rows[0];
      try {
        expect(await autocheckpoint()).toEqual({ wal_autocheckpoint: BACKSTOP_CHECKPOINT_PAGES });
      } finally {
        await store.close();
      }
    });

    it.skipIf(lane.name !== "sqlite")("lets a process with nothing else to do finish closing its store", async () => {
      const child = spawn(process.execPath, ["--import", "tsx", CLOSE_FIXTURE], {
        env: { ...process.env, ADAPTERKIT_DATA_DIR: location.options.dataDir },
        stdio: ["ignore", "pipe", "inherit"],
      });
      let stdout = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString();
      });
      const [code] = (await once(child, "exit")) as [number | null];
      expect({ code, stdout }).toEqual({ code: 0, stdout: "closed\n" });
    });

    it("reopens an existing database without migrating twice and keeps its rows", async () => {
      const first = await openStore(location.options);
      await first.db
        .insertInto("organizations")
        .values({ name: "kept", created_at: new Date().toISOString() })
        .execute();
      await first.close();
      const second = await openStore(location.options);
      try {
        const row = await second.db
          .selectFrom("organizations")
          .select("name")
          .where("name", "=", "kept")
          .executeTakeFirst();
        expect(row?.name).toBe("kept");
      } finally {
        await second.close();
      }
    });
  });
}

describe("openStore on SQLite (D28)", () => {
  const lane = STORE_LANES[0] as (typeof STORE_LANES)[number];

  it("refuses a second instance on the same data dir and allows one after the first closes", async () => {
    const location = await lane.allocate();
    try {
      const first = await openStore(location.options);
      await expect(openStore(location.options)).rejects.toThrow(/Another adapterkit service is already using/);
      await first.close();
      const second = await openStore(location.options);
      await second.close();
    } finally {
      await location.dispose();
    }
  });

  it("lets a tool that only adds rows open the store beside a running instance", async () => {
    const location = await lane.allocate();
    try {
      const service = await openStore(location.options);
      const tool = await openStore({ ...location.options, lock: false });
      await tool.db
        .insertInto("organizations")
        .values({ name: "from-cli", created_at: new Date().toISOString() })
        .execute();
      await tool.close();
      const row = await service.db.selectFrom("organizations").select("name").executeTakeFirst();
      expect(row?.name).toBe("from-cli");
      await service.close();
    } finally {
      await location.dispose();
    }
  });

  it("runs in WAL mode with foreign keys on", async () => {
    const location = await lane.allocate();
    try {
      const store = await openStore(location.options);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(store.db);
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(store.db);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      expect(keys.rows[0]?.foreign_keys).toBe(1);
      await store.close();
    } finally {
      await location.dispose();
    }
  });

  // D178: `full` runs SQLite at NORMAL and syncs the WAL itself after each group commit, off the main thread
  // (group-commit-sync.test.ts); `normal` leaves the syncing to SQLite's checkpoints.
  it("leaves each COMMIT's sync to the store (SQLite at NORMAL), with full and with normal", async () => {
    const location = await lane.allocate();
    try {
      const synchronous = async (options: Parameters<typeof openStore>[0]) => {
        const store = await openStore(options);
        const row = (await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db)).rows[0];
        await store.close();
        return row?.synchronous;
      };
      expect(await synchronous(location.options)).toBe(1);
      expect(await synchronous({ ...location.options, sqliteSynchronous: "normal" })).toBe(1);
      expect(await synchronous({ ...location.options, sqliteSynchronous: "full" })).toBe(1);
    } finally {
      await location.dispose();
    }
  });

  it("creates the data dir 0700 and the database, its WAL and shared memory, and the lock 0600", async () => {
    const parent = mkdtempSync(join(tmpdir(), "open-store-modes-"));
    const dataDir = join(parent, "data");
    const mode = (name: string) => statSync(join(dataDir, name)).mode & 0o777;
    try {
      const store = await openStore({ dataDir });
      await store.db.insertInto("organizations").values({ name: "o", created_at: new Date().toISOString() }).execute();
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      for (const name of [SQLITE_FILE, `${SQLITE_FILE}-wal`, `${SQLITE_FILE}-shm`, LOCK_FILE]) {
        expect(mode(name), name).toBe(0o600);
      }
      await store.close();
      // A database an older version left readable to others is narrowed when opened.
      chmodSync(join(dataDir, SQLITE_FILE), 0o644);
      const reopened = await openStore({ dataDir });
      expect(mode(SQLITE_FILE)).toBe(0o600);
      await reopened.close();
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
