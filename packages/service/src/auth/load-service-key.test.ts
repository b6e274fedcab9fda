import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadServiceKey, parseServiceKey, SERVICE_KEY_FILE } from "./load-service-key.ts";

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "adapterkit-key-"));
  dirs.push(dir);
  return dir;
}

describe("service key", () => {
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("takes ADAPTERKIT_SECRET_KEY as hex or base64url", () => {
    const key = randomBytes(32);
    expect(loadServiceKey({ secretKey: key.toString("hex"), dataDir: tempDir() })).toEqual(key);
    expect(loadServiceKey({ secretKey: key.toString("base64url"), dataDir: tempDir() })).toEqual(key);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => parseServiceKey("abcd")).toThrow(/32 bytes/);
    expect(() => parseServiceKey(randomBytes(16).toString("hex"))).toThrow(/32 bytes/);
  });

  it("generates a key into the data dir once, readable by the owner only, and reuses it", () => {
    const dataDir = tempDir();
    const first = loadServiceKey({ dataDir });
    const file = join(dataDir, SERVICE_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8").trim()).toBe(first.toString("base64url"));
    expect(loadServiceKey({ dataDir })).toEqual(first);
  });
});
