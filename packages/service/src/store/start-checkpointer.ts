import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Sqlite from "better-sqlite3";

// SQLite copies the WAL back into the database file (a checkpoint, ending in an fsync) inside whichever COMMIT
// crosses 1,000 pages. On the service's one connection that stalled the event loop for 5–250 ms every few hundred
// requests, the largest part of the hooks' tail latency. A second connection in a worker thread checkpoints
// instead (PASSIVE: it never waits for, nor blocks, the writer), and the writer's own automatic checkpoint stays
// as a backstop at a much larger WAL. Durability does not change: a commit is on disk once it is in the WAL.

/** How often the thread checkpoints; a checkpoint with nothing new to copy costs a read of the WAL index. */
const CHECKPOINT_INTERVAL_MS = 200;
/** The writer's own automatic checkpoint while the thread runs (pages, about 40 MB); SQLite's default otherwise. */
export const BACKSTOP_CHECKPOINT_PAGES = 10_000;
const DEFAULT_CHECKPOINT_PAGES = 1000;

// Plain CommonJS so the thread needs no TypeScript loader (tests and `tsx` alike).
const THREAD_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true, timeout: 0 });
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    // SQLITE_BUSY: another connection is checkpointing; the next tick tries again.
    if (error && error.code !== "SQLITE_BUSY") throw error;
  }
}, workerData.intervalMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** A running background checkpointer. */
export interface Checkpointer {
  /** Stops the thread and closes its connection; the writer's own checkpoints take over again. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL-mode SQLite file from a worker thread, so that the writer's COMMITs no longer do it. If the
 * thread fails, the writer goes back to SQLite's default automatic checkpoint.
 *
 * @example const checkpointer = startCheckpointer(database, file); … await checkpointer.stop();
 */
export function startCheckpointer(writer: Sqlite.Database, file: string): Checkpointer {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(THREAD_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // A store left open must not keep the process alive.
  worker.unref();
  writer.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  const fallBack = () => {
    if (!stopping && writer.open) writer.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
  };
  worker.on("error", fallBack);
  worker.on("exit", fallBack);
  return {
    async stop() {
      if (stopping) return exited;
      stopping = true;
      if (writer.open) writer.pragma(`wal_autocheckpoint = ${DEFAULT_CHECKPOINT_PAGES}`);
      // Held again while it winds down, or a process with nothing else to do would exit before hearing it has.
      worker.ref();
      worker.postMessage("stop");
      return exited;
    },
  };
}
