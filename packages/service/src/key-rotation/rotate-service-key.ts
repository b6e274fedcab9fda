import { randomBytes } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadServiceKeys, SERVICE_KEY_FILE } from "../auth/load-service-key.ts";
import { keyIdOf, toServiceKeys } from "../auth/service-keys.ts";
import { openStore } from "../store/index.ts";
import { type ResealCount, resealSecrets } from "./reseal-secrets.ts";

/** Where the store and the key are: as the service reads them (DATABASE_URL, ADAPTERKIT_DATA_DIR, ADAPTERKIT_SECRET_KEY). */
export interface RotateServiceKeyOptions {
  readonly databaseUrl?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly schema?: string | undefined;
  readonly secretKey?: string | undefined;
}

/** What a rotation did. */
export interface RotatedServiceKey {
  readonly keyId: string;
  readonly resealed: ResealCount;
  /** Whether the key file in the data dir was replaced (false when the key comes from ADAPTERKIT_SECRET_KEY). */
  readonly wroteKeyFile: boolean;
}

function writeKeyFile(file: string, keys: readonly Buffer[]): void {
  // Written beside and renamed over, so the file is never half-written.
  writeFileSync(`${file}.next`, `${keys.map((key) => key.toString("base64url")).join("\n")}\n`, { mode: 0o600 });
  renameSync(`${file}.next`, file);
}

/**
 * D116 `adapterkit-service keys rotate`: re-seals every secret under a new service key. With ADAPTERKIT_SECRET_KEY the
 * operator supplies the ring (`new,old`) and the first key is the new one; otherwise a fresh key is generated into
 * the data dir, listed first beside the old ones until every secret is re-sealed, then alone. On SQLite the store's
 * instance lock makes it refuse while a service runs.
 */
export async function rotateServiceKey(options: RotateServiceKeyOptions): Promise<RotatedServiceKey> {
  const store = await openStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, schema: options.schema });
  try {
    const fromEnv = options.secretKey !== undefined && options.secretKey !== "";
    const current = loadServiceKeys({ secretKey: options.secretKey, dataDir: store.dataDir });
    const file = join(store.dataDir, SERVICE_KEY_FILE);
    const ring = fromEnv ? current : toServiceKeys([randomBytes(32), ...current.all]);
    if (!fromEnv) writeKeyFile(file, ring.all);
    const resealed = await resealSecrets(store.db, ring);
    if (!fromEnv) writeKeyFile(file, [ring.current]);
    return { keyId: keyIdOf(ring.current), resealed, wroteKeyFile: !fromEnv };
  } finally {
    await store.close();
  }
}
