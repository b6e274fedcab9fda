import { join } from "node:path";
import Sqlite from "better-sqlite3";

/** A held instance lock; `release()` lets another instance start on the same data dir. */
export interface InstanceLock {
  release(): void;
}

/** File name of the lock beside the SQLite database. */
export const LOCK_FILE = "adapterkit.lock";

/**
 * D28: takes the data dir's instance lock, or throws when another service instance holds it.
 * The lock is an exclusive SQLite lock on a side file, so the OS drops it when the holder dies (even `kill -9`).
 */
export function acquireInstanceLock(dataDir: string): InstanceLock {
  const file = join(dataDir, LOCK_FILE);
  const lock = new Sqlite(file, { timeout: 0 });
  try {
    lock.pragma("locking_mode = EXCLUSIVE");
    lock.exec("BEGIN EXCLUSIVE; COMMIT;");
  } catch (error) {
    lock.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") {
      throw new Error(
        `Another adapterkit service is already using ${dataDir}; SQLite supports one instance per data dir ` +
          "(stop the other one, choose another ADAPTERKIT_DATA_DIR, or use PostgreSQL via DATABASE_URL).",
      );
    }
    throw error;
  }
  return { release: () => lock.close() };
}
