import { SqliteDialect, type DatabaseConnection, type Dialect, type Driver, type SqliteDatabase, type SqliteStatement, type TransactionSettings } from "kysely";

/**
 * Kysely's SQLite driver prepares every statement anew on each query; preparing costs far more
 * than running a point lookup (measured: 34 µs against 4 µs for the session lookup). This keeps
 * prepared statements per SQL text, so repeated queries (every get-session) skip the compiler.
 * Bounded: the oldest statements are dropped past `limit`.
 */
export function withStatementCache(sqlite: SqliteDatabase, limit = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= limit) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** A FIFO lock: each waiter waits only for the one before it. */
class ArrivalQueue {
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

/**
 * Kysely's own SQLite driver behind an arrival-order queue. Its connection mutex wakes every
 * waiter on each release (all but one go back to sleep), so with N requests in flight each query
 * costs N wake-ups; with this queue in front there is never more than one caller at its mutex.
 * Everything else (transactions, savepoints, streaming) is Kysely's.
 */
class ArrivalOrderDriver implements Driver {
  readonly #inner: Driver;
  readonly #queue = new ArrivalQueue();
  #release: (() => void) | null = null;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#queue.acquire();
    try {
      const connection = await this.#inner.acquireConnection();
      this.#release = release;
      return connection;
    } catch (error) {
      release();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#release;
    this.#release = null;
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      release?.();
    }
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint: Driver["savepoint"] = (connection, name, compile) => this.#inner.savepoint!(connection, name, compile);
  rollbackToSavepoint: Driver["rollbackToSavepoint"] = (connection, name, compile) => this.#inner.rollbackToSavepoint!(connection, name, compile);
  releaseSavepoint: Driver["releaseSavepoint"] = (connection, name, compile) => this.#inner.releaseSavepoint!(connection, name, compile);

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/**
 * The SQLite dialect the server runs and every test uses: Kysely's stock `SqliteDialect` over a
 * statement cache, with its connection handed over in arrival order.
 */
export function createSQLiteDialect(database: SqliteDatabase): Dialect {
  const stock = new SqliteDialect({ database: withStatementCache(database) });
  return {
    createAdapter: () => stock.createAdapter(),
    createIntrospector: (db) => stock.createIntrospector(db),
    createQueryCompiler: () => stock.createQueryCompiler(),
    createDriver: () => new ArrivalOrderDriver(stock.createDriver()),
  };
}
