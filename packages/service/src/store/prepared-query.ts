import { type Compilable, type CompiledQuery, type InferResult, type Kysely, PostgresAdapter, sql } from "kysely";

// Building and compiling a Kysely query costs about as much as running a short SQLite statement. A hot query is
// therefore built once per database with named placeholders, compiled, and then only its parameters change.

/** A named placeholder inside a prepared query; it is replaced by the value of that name on every call. */
class Placeholder {
  /** `row` is the row of a prepared batch the value comes from (0 in a single query). */
  constructor(
    readonly name: string,
    readonly row = 0,
  ) {}
}

/** Marks where a named parameter goes; typed as the column's value so the builder still type-checks. */
export function param<T>(name: string): T {
  return new Placeholder(name) as T;
}

/**
 * A named placeholder SQLite's planner does not look into, `(select ?)`, so a statement with a join, an ORDER BY or a
 * LIMIT is not prepared again on every run (D620); PostgreSQL gets the plain placeholder.
 *
 * @example
 * db.selectFrom("triggers").innerJoin("workflows", "workflows.id", "triggers.workflow_id")
 *   .where("triggers.webhook_token_hash", "=", opaqueParam<string>(db, "hash"))
 */
export function opaqueParam<T>(db: Pick<Kysely<never>, "getExecutor">, name: string): T {
  if (onPostgres(db)) return param<T>(name);
  return sql<T>`(select ${new Placeholder(name)})` as unknown as T;
}

/** A compiled query and, per parameter, its placeholder (null for a fixed value). */
interface Compiled {
  readonly query: CompiledQuery;
  readonly placeholders: readonly (Placeholder | null)[];
}

/** A query compiled once per database, run many times with different parameters. */
export interface PreparedQuery<Db, Params extends Record<string, unknown>, Row> {
  /** Runs the query on a database or transaction built on the same database. */
  execute(db: Kysely<Db>, params: Params): Promise<Row[]>;
  /** The first row, or undefined. */
  executeTakeFirst(db: Kysely<Db>, params: Params): Promise<Row | undefined>;
}

/** The value bound to a placeholder, from the rows of one call (one row for a single query). */
function boundValue(placeholder: Placeholder, rows: readonly Record<string, unknown>[], offset: number): unknown {
  const row = rows[offset + placeholder.row] as Record<string, unknown>;
  if (!(placeholder.name in row)) throw new Error(`prepared query: no value for parameter "${placeholder.name}"`);
  return row[placeholder.name];
}

/**
 * A builder compiled once per database (one compiled form per dialect: the SQL text differs, the shape does not),
 * and run with its placeholders bound to values taken from `rows`, starting at `offset`.
 */
function compileOnce<Db, Row>(build: (db: Kysely<Db>) => Compilable) {
  const compiled = new WeakMap<object, Compiled>();
  return async (db: Kysely<Db>, rows: readonly Record<string, unknown>[], offset: number): Promise<Row[]> => {
    const key = db.getExecutor().adapter;
    let found = compiled.get(key);
    if (found === undefined) {
      const query = build(db).compile();
      const placeholders = query.parameters.map((value) => (value instanceof Placeholder ? value : null));
      found = { query, placeholders };
      compiled.set(key, found);
    }
    const { query, placeholders } = found;
    const parameters = query.parameters.slice();
    for (let index = 0; index < placeholders.length; index += 1) {
      const placeholder = placeholders[index];
      if (placeholder) parameters[index] = boundValue(placeholder, rows, offset);
    }
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}

/**
 * Prepares a query: `build` is called once per dialect with `param()` placeholders; each call then binds the
 * values by name. Only fixed-shape queries qualify: a query whose SQL depends on its values must stay a builder.
 *
 * @example
 * const byHash = preparedQuery((db: Kysely<Database>) =>
 *   db.selectFrom("triggers").selectAll().where("webhook_token_hash", "=", param<string>("hash")));
 * const trigger = await byHash.executeTakeFirst(db, { hash });
 */
export function preparedQuery<Db, Params extends Record<string, unknown>, Q extends Compilable>(
  build: (db: Kysely<Db>) => Q,
): PreparedQuery<Db, Params, InferResult<Q>[number]> {
  const run = compileOnce<Db, InferResult<Q>[number]>(build);
  const execute = (db: Kysely<Db>, params: Params) => run(db, [params], 0);
  return {
    execute,
    executeTakeFirst: async (db, params) => (await execute(db, params))[0],
  };
}

/** The most rows one statement of a prepared batch takes; a power of two (see preparedBatch). */
const MAX_BATCH_ROWS = 256;

/** The most rows a prepared batch takes in one statement of exactly their number, per database (see preparedBatch). */
const EXACT_ROWS = { sqlite: 32, postgres: 64 } as const;

/** Whether `db` talks to PostgreSQL, where a statement is parsed on every run anyway and each is a round trip. */
export function onPostgres(db: Pick<Kysely<never>, "getExecutor">): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** The rows the next statement of a batch takes, of `left` still to go. */
function pieceSize<Db>(db: Kysely<Db>, left: number): number {
  if (left <= EXACT_ROWS[onPostgres(db) ? "postgres" : "sqlite"]) return left;
  let size = MAX_BATCH_ROWS;
  while (size > left) size /= 2;
  return size;
}

/** A multi-row statement compiled once per row count (and database), run many times with different rows. */
export interface PreparedBatch<Db, Params extends Record<string, unknown>, Row> {
  /** Runs the statement for these rows, any number of them; the rows it returns come back concatenated. */
  execute(db: Kysely<Db>, rows: readonly Params[]): Promise<Row[]>;
}

/**
 * Prepares a multi-row statement, such as an insert of many rows: `build` gets one placeholder object per row, whose
 * every property stands for that row's value of the same name; each call then only binds the rows' values. Kysely
 * parses and compiles a many-row insert value by value, which on the hook and scheduler paths cost more than running
 * it. Every statement costs more in the service's code around it than its rows do, so up to 32 rows on SQLite and 64
 * on PostgreSQL go in one statement of their exact number (D616, D625); more go in powers of two until that many or
 * fewer are left (100 rows on SQLite: 64 + 32 + 4), which bounds the shapes a statement cache holds.
 *
 * @example
 * const insertSessions = preparedBatch((db: Kysely<Database>, rows: { organizationId: number; at: string }[]) =>
 *   db.insertInto("sessions").values(rows.map((row) => ({ organization_id: row.organizationId, created_at: row.at }))));
 * await insertSessions.execute(trx, [{ organizationId: 1, at }, { organizationId: 2, at }]);
 */
export function preparedBatch<Db, Params extends Record<string, unknown>, Q extends Compilable>(
  build: (db: Kysely<Db>, rows: Params[]) => Q,
): PreparedBatch<Db, Params, InferResult<Q>[number]> {
  type Run = ReturnType<typeof compileOnce<Db, InferResult<Q>[number]>>;
  const bySize = new Map<number, Run>();
  // Stands for row `index`: any property read gives that row's placeholder of the same name.
  const placeholders = (index: number) =>
    new Proxy({} as Params, { get: (_target, name) => new Placeholder(String(name), index) });
  const runFor = (size: number) => {
    let run = bySize.get(size);
    if (run === undefined) {
      const rows = Array.from({ length: size }, (_, index) => placeholders(index));
      run = compileOnce((inner: Kysely<Db>) => build(inner, rows));
      bySize.set(size, run);
    }
    return run;
  };
  return {
    async execute(db, rows) {
      const results: InferResult<Q>[number][] = [];
      for (let start = 0; start < rows.length; ) {
        const size = pieceSize(db, rows.length - start);
        results.push(...(await runFor(size)(db, rows, start)));
        start += size;
      }
      return results;
    },
  };
}
