import {
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type SqliteDatabase,
  type SqliteStatement,
  type TransactionSettings,
} from "kysely";
import { setBounded } from "../shared/bounded-map.js";
import { rowBuilder } from "./row-builder.js";

/**
 * Kysely's SQLite driver prepares every statement anew on each query; preparing costs far more
 * than running a point lookup (docs/performance/notes-from-code.md). This keeps
 * prepared statements per SQL text, so repeated queries (every get-session) skip the compiler.
 * Bounded: the oldest statements are dropped past `limit`.
 */
export function withStatementCache(sqlite: SqliteDatabase, limit = 500): SqliteDatabase {
  const statements = boundedCache(limit, (sql) => sqlite.prepare(sql));
  return {
    close: () => {
      statements.clear();
      sqlite.close();
    },
    prepare: statements.get,
  };
}

/** What `make` answers per SQL text, kept for the next call; past `limit` entries the oldest goes. */
function boundedCache<V>(limit: number, make: (sql: string) => V): { get(sql: string): V; clear(): void } {
  const entries = new Map<string, V>();
  return {
    get(sql) {
      let entry = entries.get(sql);
      if (entry === undefined) {
        entry = make(sql);
        setBounded(entries, limit, sql, entry);
      }
      return entry;
    },
    clear: () => entries.clear(),
  };
}

/** better-sqlite3's statement beyond Kysely's interface: rows as arrays of values, and the names of its columns. */
interface RawModeStatement extends SqliteStatement {
  raw(toggle: boolean): RawModeStatement;
  columns(): Array<{ name: string }>;
}

function hasRawMode(statement: SqliteStatement): statement is RawModeStatement {
  const candidate = statement as Partial<RawModeStatement>;
  return typeof candidate.raw === "function" && typeof candidate.columns === "function";
}

/** A read-only statement in raw mode and what makes its rows' objects. */
interface RawRead {
  statement: RawModeStatement;
  toRow: (values: readonly unknown[]) => Record<string, unknown>;
}

/**
 * Runs a reader statement in raw mode and makes each row's object here, by column name: the
 * rows Kysely would answer, built for a fraction of the cost. better-sqlite3 builds an object
 * row natively, setting one property at a time through V8's generic path; for the session
 * lookup's 25 columns that was the costliest part of a signed-in get-session's read, and the
 * same object built in JavaScript costs a fraction of it (docs/performance/runs-2026-11.md, 18:35Z).
 */
function readRows(read: RawRead, parameters: readonly unknown[]): Record<string, unknown>[] {
  return (read.statement.all(parameters) as unknown[][]).map(read.toRow);
}

/** A FIFO lock: each waiter waits only for the one before it. Idle when nobody holds or awaits it. */
class ArrivalQueue {
  #tail: Promise<void> = Promise.resolve();
  #pending = 0;

  get idle(): boolean {
    return this.#pending === 0;
  }

  acquire(): Promise<() => void> {
    this.#pending++;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = () => {
        this.#pending--;
        resolve();
      };
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
  readonly #queue: ArrivalQueue;
  #release: (() => void) | null = null;

  constructor(inner: Driver, queue: ArrivalQueue) {
    this.#inner = inner;
    this.#queue = queue;
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
 * A read-only query run at once on the SQLite handle, or undefined when the connection is in use
 * (a transaction is open or queries are queued): then the caller goes through Kysely, in turn.
 */
type ReadNow = <Row>(query: CompiledQuery<Row>) => Row[] | undefined;

const immediateReaders = new WeakMap<DialectAdapter, ReadNow>();

/**
 * The immediate reader of a Kysely instance on `createSQLiteDialect`, for the hottest lookups
 * (the session on every request): better-sqlite3 answers synchronously, so when nothing holds
 * the connection a read can run without Kysely's promise chain (a large share of such a read's
 * cost) and still never sees another request's uncommitted writes. Undefined for any other
 * dialect, or when plugins would transform the query or its rows.
 */
export function immediateReaderFor(db: Pick<Kysely<object>, "getExecutor">): ReadNow | undefined {
  // getExecutor() is public on Kysely 0.28 but marked internal in its typings: without it, no fast path.
  if (typeof db.getExecutor !== "function") return undefined;
  const executor = db.getExecutor();
  if (executor.plugins.length > 0) return undefined;
  return immediateReaders.get(executor.adapter);
}

/**
 * The SQLite dialect the server runs and every test uses: Kysely's stock `SqliteDialect` over a
 * statement cache, with its connection handed over in arrival order (one queue per database
 * handle, whichever Kysely instance asks).
 */
export function createSQLiteDialect(database: SqliteDatabase): Dialect {
  const cached = withStatementCache(database);
  const stock = new SqliteDialect({ database: cached });
  const queue = new ArrivalQueue();
  const adapter = stock.createAdapter();
  // Statements of their own (raw mode would change what Kysely's driver gets from the cached
  // ones); null for a statement that writes, or a driver without raw mode. Column names are read
  // once, when the statement is prepared: the immediate path serves fixed lookups that name each
  // column (the session and API-key lookups), whose result names no migration changes. A
  // `select *` read across a migration that adds a column would need them read again.
  const rawReads = boundedCache(100, (sql): RawRead | null => {
    const statement = database.prepare(sql);
    if (!statement.reader || !hasRawMode(statement)) return null;
    return { statement: statement.raw(true), toRow: rowBuilder(statement.columns().map((column) => column.name)) };
  });
  immediateReaders.set(adapter, (query) => {
    if (!queue.idle) return undefined;
    const read = rawReads.get(query.sql);
    if (read) return readRows(read, query.parameters) as never[];
    const statement = cached.prepare(query.sql);
    if (!statement.reader) return undefined;
    return statement.all(query.parameters) as never[];
  });
  return {
    createAdapter: () => adapter,
    createIntrospector: (db) => stock.createIntrospector(db),
    createQueryCompiler: () => stock.createQueryCompiler(),
    createDriver: () => new ArrivalOrderDriver(stock.createDriver(), queue),
  };
}
