import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** File the generated service key lives in, inside the data dir. */
export const SERVICE_KEY_FILE = "service.key";

/** Reads a 32-byte key written as 64 hex characters or as base64/base64url. */
export function parseServiceKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64url");
  if (key.length !== 32) {
    throw new Error("ADAPTERKIT_SECRET_KEY must be 32 bytes: 64 hex characters or 43 base64url characters.");
  }
  return key;
}

/**
 * D15: the service key for secrets at rest: `ADAPTERKIT_SECRET_KEY` when given, else the key in the data dir,
 * generated (mode 0600) on first start.
 */
export function loadServiceKey(options: { secretKey?: string | undefined; dataDir: string }): Buffer {
  if (options.secretKey !== undefined && options.secretKey !== "") return parseServiceKey(options.secretKey);
  const file = join(options.dataDir, SERVICE_KEY_FILE);
  try {
    return parseServiceKey(readFileSync(file, "utf8"));
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") throw error;
  }
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  // "wx" fails if another process created it meanwhile; then read theirs.
  try {
    writeFileSync(file, `${key.toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
    return key;
  } catch (error) {
    if ((error as { code?: string }).code !== "EEXIST") throw error;
    return parseServiceKey(readFileSync(file, "utf8"));
  }
}
