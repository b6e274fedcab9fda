import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { StoreOptions } from "../../src/store/index.ts";

/** The PostgreSQL lane's server; the lane is skipped when it is unset. */
export const TEST_DATABASE_URL = process.env.ADAPTERKIT_TEST_DATABASE_URL;

/** Where one test file keeps its data, and how to throw it away. */
export interface StoreLocation {
  readonly options: StoreOptions & { dataDir: string };
  dispose(): Promise<void>;
}

/** One database the suites run on. */
export interface StoreLane {
  readonly name: "sqlite" | "postgres";
  readonly skip: boolean;
  /** The describe title, with the reason when the lane is skipped. */
  readonly title: string;
  allocate(): Promise<StoreLocation>;
}

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), "adapterkit-service-"));
}

const sqlite: StoreLane = {
  name: "sqlite",
  skip: false,
  title: "on SQLite",
  async allocate() {
    const dataDir = tempDir();
    return { options: { dataDir }, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
  },
};

const postgres: StoreLane = {
  name: "postgres",
  skip: TEST_DATABASE_URL === undefined || TEST_DATABASE_URL === "",
  title: TEST_DATABASE_URL ? "on PostgreSQL" : "on PostgreSQL (skipped: ADAPTERKIT_TEST_DATABASE_URL is unset)",
  async allocate() {
    const dataDir = tempDir();
    const schema = `t_${randomBytes(6).toString("hex")}`;
    return {
      options: { dataDir, databaseUrl: TEST_DATABASE_URL, schema },
      async dispose() {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
};

/** SQLite always; PostgreSQL when ADAPTERKIT_TEST_DATABASE_URL is set. */
export const STORE_LANES: readonly StoreLane[] = [sqlite, postgres];
