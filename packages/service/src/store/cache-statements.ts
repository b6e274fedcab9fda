import type { SqliteDatabase, SqliteStatement } from "kysely";

// Kysely prepares every query afresh; preparing costs about as much as running a short statement.
const MAX_STATEMENTS = 256;

/** Wraps a SQLite database so repeated SQL reuses its prepared statement (least recently used ones go first). */
export function cacheStatements(database: SqliteDatabase): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
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
