import { connect } from "node:net";
import { type QueryExecutorProvider, sql } from "kysely";

/** The PostgreSQL a bench uses: BENCH_DATABASE_URL, else ADAPTERKIT_TEST_DATABASE_URL; undefined when neither is set. */
export function benchDatabaseUrl(): string | undefined {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.ADAPTERKIT_TEST_DATABASE_URL;
  return url === undefined || url === "" ? undefined : url;
}

/** Whether the server of `url` answers a TCP connection within 2 s. */
export function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 5432), timeout: 2000 });
    socket.once("connect", () => resolve(socket.end() !== undefined));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => resolve(socket.destroy() === undefined));
  });
}

/** Drops a bench's schema; another session's schema work on the same database may deadlock it, so it tries again. */
export async function dropSchema(db: QueryExecutorProvider, schema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
      return;
    } catch (error) {
      if (attempt === 5) {
        process.stderr.write(`bench: schema ${schema} left behind: ${String(error)}\n`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}
