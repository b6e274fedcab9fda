import type Sqlite from "better-sqlite3";
import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, SqliteDialect } from "kysely";
import { cacheStatements, type StatementCache } from "./cache-statements.ts";

// Most of a SQLite commit's cost is writing the WAL frames of every page the transaction touched, so concurrent
// transactions are committed together: each runs inside a savepoint of one shared transaction, and its caller
// hears of its success only after the shared COMMIT. Writes of one request are still atomic (the savepoint) and
// durable before anyone is told (the COMMIT); what changes is that several share one commit.
//
// With `sync` (D178) the database runs at synchronous=NORMAL, so the COMMIT itself writes the WAL without waiting
// for the disk, and `sync` (an fdatasync of the WAL on libuv's thread pool) makes it durable before anyone waiting
// on it is told: what synchronous=FULL guarantees, without stalling the event loop for the disk (4 ms a commit on
// this machine). One sync is in flight at a time; commits made meanwhile wait for the next, which covers them all.

/** A safety cap: a group is committed once this many outcomes wait on it, even while others queue. */
const MAX_GROUP = 256;
const MEMBER = "adapterkit_member";

interface Waiting {
  readonly settle: () => void;
  readonly fail: (error: unknown) => void;
}

/** One acquisition of the single connection; Kysely hands it back to begin, commit and release. */
class GroupConnection implements DatabaseConnection {
  inMember = false;
  released = false;
  constructor(private readonly driver: GroupCommitDriver) {}
  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute(this, query) as Promise<QueryResult<R>>;
  }
  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // Not used by the service; streamed rows are not held back for a group commit.
    for (const row of this.driver.prepare(query.sql).iterate(query.parameters)) yield { rows: [row as R] };
  }
}

/** The SQLite driver with group commit; every other behaviour matches Kysely's own SqliteDriver. */
class GroupCommitDriver implements Driver {
  readonly #database: Sqlite.Database;
  readonly #statements: StatementCache;
  #locked = false;
  readonly #queue: (() => void)[] = [];
  #groupOpen = false;
  #waiting: Waiting[] = [];
  #flushScheduled = false;
  readonly #onCommit: ((outcomes: number) => void) | undefined;
  readonly #sync: (() => Promise<void>) | undefined;
  /** Outcomes committed (or read) but not yet made durable by a sync. */
  #unsynced: Waiting[] = [];
  #syncing: Promise<void> | undefined;

  constructor(database: Sqlite.Database, options: GroupCommitOptions) {
    this.#database = database;
    this.#statements = cacheStatements(database);
    this.#onCommit = options.onCommit;
    this.#sync = options.sync;
  }

  prepare(sql: string) {
    return this.#statements.prepare(sql);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#lock();
    return new GroupConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#openGroup();
    this.#run(`savepoint ${MEMBER}`);
    (connection as GroupConnection).inMember = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as GroupConnection;
    this.#run(`release ${MEMBER}`);
    member.inMember = false;
    await this.#park(member, this.#waiting);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const member = connection as GroupConnection;
    if (member.inMember && this.#database.inTransaction) {
      this.#run(`rollback to ${MEMBER}`);
      this.#run(`release ${MEMBER}`);
    }
    member.inMember = false;
    this.#checkGroupAlive();
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#savepointCommand(connection, "savepoint", name);
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#savepointCommand(connection, "rollback to", name);
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await this.#savepointCommand(connection, "release", name);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const acquisition = connection as GroupConnection;
    if (acquisition.released) return;
    acquisition.released = true;
    this.#unlock();
  }

  async destroy(): Promise<void> {
    if (this.#groupOpen) this.#commit();
    while (this.#syncing !== undefined) await this.#syncing;
    this.#statements.close();
  }

  /**
   * Runs a query. Outside a transaction its outcome waits for the open group's commit; a write outside a
   * transaction opens a group when none is open (one statement is atomic on its own), so lone writes such as the
   * run worker's claims share a commit instead of paying for one each. A read with no group open is answered at
   * once: everything it can see is on disk.
   */
  async execute(connection: GroupConnection, query: CompiledQuery): Promise<QueryResult<unknown>> {
    if (connection.released) {
      // A `db.connection()` block runs several queries on one acquisition; each after the first takes the lock again.
      await this.#lock();
      connection.released = false;
    }
    if (connection.inMember) return this.#query(query);
    if (!this.#groupOpen) {
      if (this.#statements.prepare(query.sql).readonly) {
        const rows = this.#query(query);
        // It may see a commit not yet on disk: then it is answered once that is.
        if (this.#syncing === undefined && this.#unsynced.length === 0) return rows;
        const durable = this.#park(connection, this.#unsynced);
        this.#startSync();
        await durable;
        return rows;
      }
      this.#openGroup();
    }
    let outcome: { result: QueryResult<unknown> } | { error: unknown };
    try {
      outcome = { result: this.#query(query) };
    } catch (error) {
      outcome = { error };
    }
    this.#checkGroupAlive();
    await this.#park(connection, this.#waiting);
    if ("error" in outcome) throw outcome.error;
    return outcome.result;
  }

  #query(query: CompiledQuery): QueryResult<unknown> {
    const statement = this.#statements.prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  #openGroup(): void {
    if (this.#groupOpen) return;
    // IMMEDIATE takes the write lock at once, so a tool writing beside the service waits instead of failing.
    this.#run("begin immediate");
    this.#groupOpen = true;
  }

  #run(sql: string): void {
    this.#statements.prepare(sql).run([]);
  }

  async #savepointCommand(connection: DatabaseConnection, command: string, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`${command} "${name.replaceAll('"', '""')}"`));
  }

  /** Gives up the lock early and waits until the open group (or the last commit) is durable, or has failed. */
  #park(connection: GroupConnection, queue: Waiting[]): Promise<void> {
    const durable = new Promise<void>((settle, fail) => queue.push({ settle, fail }));
    connection.released = true;
    this.#unlock();
    return durable;
  }

  async #lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    // The lock passes straight to the next in line, so no one can slip in between.
    await new Promise<void>((resolve) => this.#queue.push(resolve));
  }

  #unlock(): void {
    if (this.#groupOpen && this.#waiting.length >= MAX_GROUP) this.#commit();
    const next = this.#queue.shift();
    if (next !== undefined) {
      next();
      return;
    }
    this.#locked = false;
    if (this.#groupOpen && !this.#flushScheduled) {
      this.#flushScheduled = true;
      // One turn of the event loop lets requests that are already in flight join the group.
      setImmediate(() => {
        this.#flushScheduled = false;
        if (this.#locked || !this.#groupOpen) return;
        this.#commit();
      });
    }
  }

  #commit(): void {
    const waiting = this.#waiting;
    this.#waiting = [];
    this.#groupOpen = false;
    try {
      this.#run("commit");
    } catch (error) {
      if (this.#database.inTransaction) this.#run("rollback");
      for (const member of waiting) member.fail(error);
      return;
    }
    if (this.#sync === undefined) {
      this.#onCommit?.(waiting.length);
      for (const member of waiting) member.settle();
      return;
    }
    this.#unsynced.push(...waiting);
    this.#startSync();
  }

  /** Makes everything committed so far durable, unless a sync is in flight (its end starts the next). */
  #startSync(): void {
    const sync = this.#sync;
    if (sync === undefined || this.#syncing !== undefined || this.#unsynced.length === 0) return;
    const waiting = this.#unsynced;
    this.#unsynced = [];
    this.#syncing = sync().then(
      () => {
        this.#onCommit?.(waiting.length);
        for (const member of waiting) member.settle();
      },
      (error: unknown) => {
        for (const member of waiting) member.fail(error);
      },
    );
    void this.#syncing.then(() => {
      this.#syncing = undefined;
      this.#startSync();
    });
  }

  /** Some errors (I/O, a full disk) make SQLite roll the whole transaction back; everyone waiting on it fails. */
  #checkGroupAlive(): void {
    if (!this.#groupOpen || this.#database.inTransaction) return;
    this.#groupOpen = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    const error = new Error("SQLite rolled back a group of transactions after an error; none of them was saved");
    for (const member of waiting) member.fail(error);
  }
}

/** Options of the group-commit dialect. */
export interface GroupCommitOptions {
  /** Told after each group commit how many outcomes (transactions and queries) it made durable. */
  readonly onCommit?: ((outcomes: number) => void) | undefined;
  /**
   * D178: makes the database's committed writes durable (an fdatasync of its WAL, off the main thread), for a
   * database at synchronous=NORMAL; every outcome waits for the first sync that starts after its commit.
   */
  readonly sync?: (() => Promise<void>) | undefined;
}

/** Kysely's SQLite dialect over better-sqlite3, with group commit (see above). */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #database: Sqlite.Database;
  readonly #options: GroupCommitOptions;
  constructor(database: Sqlite.Database, options: GroupCommitOptions = {}) {
    super({ database });
    this.#database = database;
    this.#options = options;
  }
  override createDriver(): Driver {
    return new GroupCommitDriver(this.#database, this.#options);
  }
}
