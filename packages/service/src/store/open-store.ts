import { join, resolve } from "node:path";
import Sqlite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import pg from "pg";
import { acquireInstanceLock, type InstanceLock, LOCK_FILE } from "./acquire-instance-lock.ts";
import type { Database } from "./database.ts";
import type { DialectName } from "./dialect-name.ts";
import { GroupCommitSqliteDialect } from "./group-commit-dialect.ts";
import { migrate } from "./migrate.ts";
import { OwnSchemaPostgresDialect } from "./own-schema-dialect.ts";
import { prepareDataDir } from "./prepare-data-dir.ts";
import { type Checkpointer, startCheckpointer } from "./start-checkpointer.ts";
import { createWalSync, type WalSync } from "./sync-wal.ts";

/** Where the store keeps its data. */
export interface StoreOptions {
  /** PostgreSQL connection string; SQLite in `dataDir` when absent. */
  readonly databaseUrl?: string | undefined;
  /** Directory of the SQLite file and the generated service key; default `./data`. */
  readonly dataDir?: string | undefined;
  /** PostgreSQL schema to use (created if missing); tests give each file its own. */
  readonly schema?: string | undefined;
  /** SQLite only: take the one-instance lock (D28). Tools that only add rows, such as `token create`, pass false. */
  readonly lock?: boolean | undefined;
  /**
   * SQLite only (ADAPTERKIT_SQLITE_SYNCHRONOUS, D107): `full` (default) syncs the WAL after every group commit
   * (off the main thread, D178) before anyone is told, so an acknowledged write survives a power loss; `normal` syncs at checkpoints only, faster, and may lose the last
   * commits on power loss (never on a process crash).
   */
  readonly sqliteSynchronous?: SqliteSynchronous | undefined;
}

/** The SQLite `synchronous` settings a store may run with. */
export type SqliteSynchronous = "full" | "normal";

/** An open, migrated database. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: DialectName;
  readonly dataDir: string;
  /** Answers when the database does. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** SQLite file name inside the data dir. */
export const SQLITE_FILE = "adapterkit.sqlite";
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Opens and migrates the store: SQLite (WAL) in the data dir by default, PostgreSQL when a URL is given.
 *
 * @example const store = await openStore({ dataDir: "./data" });
 */
export async function openStore(options: StoreOptions = {}): Promise<Store> {
  const dataDir = resolve(options.dataDir ?? "./data");
  if (options.databaseUrl !== undefined && options.databaseUrl !== "") return openPostgres(options, dataDir);
  prepareDataDir(dataDir, options.lock === false ? [SQLITE_FILE] : [SQLITE_FILE, LOCK_FILE]);
  const lock: InstanceLock | undefined = options.lock === false ? undefined : acquireInstanceLock(dataDir);
  let checkpointer: Checkpointer | undefined;
  let wal: WalSync | undefined;
  try {
    const path = join(dataDir, SQLITE_FILE);
    const file = new Sqlite(path, { timeout: 5000 });
    file.pragma("journal_mode = WAL");
    // `full` is NORMAL plus a sync of the WAL after each group commit, off the main thread, before anyone is
    // told (D178): what FULL guarantees, without SQLite's fsync inside COMMIT stalling the event loop.
    file.pragma("synchronous = NORMAL");
    file.pragma("foreign_keys = ON");
    checkpointer = startCheckpointer(file, path);
    wal = options.sqliteSynchronous === "normal" ? undefined : createWalSync(`${path}-wal`);
    const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(file, { sync: wal?.sync }) });
    await migrate(db, "sqlite");
    const running = checkpointer;
    const syncing = wal;
    return toStore(db, "sqlite", dataDir, {
      beforeClose: () => running.stop(),
      afterClose: () => {
        void syncing?.close();
        lock?.release();
      },
    });
  } catch (error) {
    await checkpointer?.stop();
    await wal?.close();
    lock?.release();
    throw error;
  }
}

async function openPostgres(options: StoreOptions, dataDir: string): Promise<Store> {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name "${schema}"`);
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    ...(schema === undefined ? {} : { options: `-c search_path=${schema}` }),
  });
  const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
  try {
    if (schema !== undefined) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
    await migrate(db, "postgres");
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return toStore(db, "postgres", dataDir, {});
}

/** What closing a store does around closing its database. */
interface CloseSteps {
  readonly beforeClose?: () => Promise<void>;
  readonly afterClose?: () => void;
}

function toStore(db: Kysely<Database>, dialect: DialectName, dataDir: string, steps: CloseSteps): Store {
  let closed = false;
  return {
    db,
    dialect,
    dataDir,
    async ping() {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await steps.beforeClose?.();
      await db.destroy();
      steps.afterClose?.();
    },
  };
}
