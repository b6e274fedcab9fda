import { close, fdatasync, open } from "node:fs";

/** Makes a WAL-mode SQLite database's commits durable from outside SQLite (D178). */
export interface WalSync {
  /** fdatasync of the WAL file on libuv's thread pool: every frame written before the call is on disk after it. */
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Syncs the WAL file at `walPath` (`<database>-wal`, which SQLite keeps, same file, while the database is open)
 * through a descriptor of its own: on Linux an fdatasync flushes the file whichever descriptor wrote it.
 *
 * @example const wal = createWalSync(`${file}-wal`); await wal.sync();
 */
export function createWalSync(walPath: string): WalSync {
  let descriptor: Promise<number> | undefined;
  const opened = () => {
    descriptor ??= new Promise<number>((resolve, reject) =>
      open(walPath, "r+", (error, fd) => (error ? reject(error) : resolve(fd))),
    ).catch((error: unknown) => {
      descriptor = undefined;
      throw error;
    });
    return descriptor;
  };
  return {
    async sync() {
      const fd = await opened();
      await new Promise<void>((resolve, reject) => fdatasync(fd, (error) => (error ? reject(error) : resolve())));
    },
    async close() {
      if (descriptor === undefined) return;
      const fd = await descriptor.catch(() => undefined);
      descriptor = undefined;
      if (fd !== undefined) await new Promise<void>((resolve) => close(fd, () => resolve()));
    },
  };
}
