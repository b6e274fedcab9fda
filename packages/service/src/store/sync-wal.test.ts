import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createWalSync } from "./sync-wal.ts";

describe("createWalSync", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "adapterkit-sync-wal-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("syncs the file, and fails while there is none, opening it again once it exists", async () => {
    const path = join(dir, "db.sqlite-wal");
    const wal = createWalSync(path);
    await expect(wal.sync()).rejects.toMatchObject({ code: "ENOENT" });
    writeFileSync(path, "frames");
    await expect(wal.sync()).resolves.toBeUndefined();
    await expect(wal.sync()).resolves.toBeUndefined();
    await wal.close();
  });
});
