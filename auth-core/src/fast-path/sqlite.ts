import {
  Kysely,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
  type TransactionSettings,
} from "kysely";
import { setBounded } from "../shared/bounded-map.js";
import type { Database } from "../store/database.js";
import type { Lookups } from "../store/lookups.js";
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
 * The SQLite database as the server runs it and every test uses it: Kysely over its stock
 * `SqliteDialect`, with a statement cache and its connection handed over in arrival order, and
 * the Lookups that run auth-core's prepared lookups. better-sqlite3 answers synchronously, so
 * when nothing holds the connection (no transaction open, no query queued) `readNow` runs a
 * lookup at once, without Kysely's promise chain, and still never sees another request's
 * uncommitted writes; otherwise it answers undefined and the lookup waits its turn in Kysely.
 */
export function openSQLite(database: SqliteDatabase): { db: Kysely<Database>; lookups: Lookups } {
  const cached = withStatementCache(database);
  const stock = new SqliteDialect({ database: cached });
  const queue = new ArrivalQueue();
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => stock.createAdapter(),
      createIntrospector: (kysely) => stock.createIntrospector(kysely),
      createQueryCompiler: () => stock.createQueryCompiler(),
      createDriver: () => new ArrivalOrderDriver(stock.createDriver(), queue),
    },
  });
  // Statements of their own (raw mode would change what Kysely's driver gets from the cached
  // ones); null for a statement that writes, or a driver without raw mode. Column names are read
  // once, when the statement is prepared: the lookups name each column, and no migration changes
  // the names of their results.
  const rawReads = boundedCache(100, (sql): RawRead | null => {
    const statement = database.prepare(sql);
    if (!statement.reader || !hasRawMode(statement)) return null;
    return { statement: statement.raw(true), toRow: rowBuilder(statement.columns().map((column) => column.name)) };
  });
  const readNow = <Row>(query: CompiledQuery<Row>): Row[] | undefined => {
    if (!queue.idle) return undefined;
    const read = rawReads.get(query.sql);
    if (read) return readRows(read, query.parameters) as Row[];
    const statement = cached.prepare(query.sql);
    if (!statement.reader) return undefined;
    return statement.all(query.parameters) as Row[];
  };
  return {
    db,
    lookups: {
      readNow,
      read: async (query) => readNow(query) ?? (await db.executeQuery(query)).rows,
    },
  };
}
