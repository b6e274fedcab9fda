import type Sqlite from "better-sqlite3";

// Kysely prepares every query afresh; preparing costs about as much as running a short statement.
// A prepared batch has up to 35 shapes on SQLite (D625), and the service six such batches.
const MAX_STATEMENTS = 512;

/** Prepared statements of one database, by SQL text. */
export interface StatementCache {
  prepare(sql: string): Sqlite.Statement;
  close(): void;
}

/** Wraps a SQLite database so repeated SQL reuses its prepared statement (least recently used ones go first). */
export function cacheStatements(database: Sqlite.Database): StatementCache {
  const cache = new Map<string, Sqlite.Statement>();
  return {
    close: () => {
      cache.clear();
      database.close();
    },
    prepare(sql) {
      const cached = cache.get(sql);
      if (cached !== undefined) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = database.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > MAX_STATEMENTS) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}
