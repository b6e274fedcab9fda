import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join } from "node:path";

/**
 * Creates the data dir 0700 (when it does not exist yet) and each named file in it 0600, and narrows to 0600 the
 * ones (and SQLite's `-wal`/`-shm` beside them) that an older version left readable to others. SQLite creates its
 * WAL and shared-memory files with the mode of the database file, so they follow.
 */
export function prepareDataDir(dataDir: string, files: readonly string[]): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (const name of files) {
    const path = join(dataDir, name);
    closeSync(openSync(path, "a", 0o600));
    for (const existing of [path, `${path}-wal`, `${path}-shm`]) {
      if (existsSync(existing)) chmodSync(existing, 0o600);
    }
  }
}
