import pg from "pg";

// A COMMIT, or a statement that is a transaction of its own: the inbound route's (D633, its ROUTE_MARK) and the
// hooks' (D639, its HOOKS_MARK).
const COMMITS = /^\s*(commit\b|\/\* a batch in one statement \*\/|\/\* hooks in one statement \*\/)/i;

/** Statements and commits a process sent to PostgreSQL since `mark()`. */
export interface StatementCounts {
  mark(): void;
  readonly statements: number;
  readonly commits: number;
}

/**
 * For a bench child on PostgreSQL: counts every statement any `pg` client of this process sends (the service's pool
 * included, being the same hoisted module), and the commits among them. Unlike the database's own `xact_commit`,
 * it sees only this process, not whoever else uses the database meanwhile.
 */
export function countStatements(): StatementCounts {
  const counts = { statements: 0, commits: 0 };
  const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const text = typeof config === "string" ? config : (config as { text?: unknown } | undefined)?.text;
    counts.statements += 1;
    if (typeof text === "string" && COMMITS.test(text)) counts.commits += 1;
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
  return {
    mark() {
      counts.statements = 0;
      counts.commits = 0;
    },
    get statements() {
      return counts.statements;
    },
    get commits() {
      return counts.commits;
    },
  };
}
