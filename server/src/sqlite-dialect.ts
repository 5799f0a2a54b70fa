import type { Database as SQLiteDatabase } from "better-sqlite3";
import {
  CompiledQuery,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
} from "kysely";
import { withStatementCache } from "./sqlite-statement-cache.js";

/**
 * Kysely's SQLite dialect, with two changes that matter under concurrent requests:
 * - the one connection is handed over in arrival order through a queue; Kysely's own mutex
 *   wakes every waiter on each release (all but one go back to sleep), so with N requests in
 *   flight each query costs N wake-ups;
 * - prepared statements are kept per SQL text (see sqlite-statement-cache.ts).
 * better-sqlite3 is synchronous, so holding the connection only spans a transaction's awaits.
 */
export class BetterSQLiteDialect implements Dialect {
  readonly #database: SQLiteDatabase;

  constructor(database: SQLiteDatabase) {
    this.#database = database;
  }

  createDriver(): Driver {
    return new QueuedSQLiteDriver(this.#database);
  }

  createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new SqliteAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SqliteIntrospector(db);
  }
}

/** A FIFO lock: each waiter waits only for the one before it. */
class ConnectionQueue {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.#tail;
    this.#tail = previous.then(() => held);
    return previous.then(() => release);
  }
}

class QueuedSQLiteDriver implements Driver {
  readonly #database: SQLiteDatabase;
  readonly #connection: SQLiteConnection;
  readonly #queue = new ConnectionQueue();
  #release: (() => void) | null = null;

  constructor(database: SQLiteDatabase) {
    this.#database = database;
    this.#connection = new SQLiteConnection(database);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#queue.acquire();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    this.#database.close();
  }
}

class SQLiteConnection implements DatabaseConnection {
  readonly #statements: ReturnType<typeof withStatementCache>;

  constructor(database: SQLiteDatabase) {
    this.#statements = withStatementCache(database);
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#statements.prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error("SQLite streams only select queries");
    const statement = this.#statements.prepare(query.sql);
    for (const row of statement.iterate(query.parameters)) yield { rows: [row as R] };
  }
}
