import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, sql, type CompiledQuery, type PostgresPool, type PostgresPoolClient } from "kysely";
import type { Pool, PoolClient, QueryConfig } from "pg";
import { consoleLogger, openSQLite, type APIError, type Database, type Logger, type Lookups } from "@gatehouse/auth-core";
import { databaseUnavailableError, isDatabaseUnavailable } from "./database-unavailable.js";
import { KnownShapeRead, RowShapes } from "./pg-known-shape-read.js";

export interface ServerDatabase {
  db: Kysely<Database>;
  /** How auth-core's hot-path lookups run on it (createAuth's `lookups`). */
  lookups: Lookups;
  dialect: "sqlite" | "postgres";
  /** Whether the database answers `select 1` now (the readiness check). */
  ping(): Promise<boolean>;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** Where pool errors and outages are logged (default: the console). */
  logger?: Logger;
  /** PostgreSQL connections this process may hold (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** How long a request waits for a new PostgreSQL connection before it answers 503. */
  connectTimeoutMs?: number;
  /**
   * Repeated selects as named prepared statements (default true). False for a pooler in
   * transaction mode that does not carry them from one server connection to the next (PgBouncer
   * before 1.21): every statement is then unnamed, parsed and planned each time.
   */
  namedStatements?: boolean;
}

/** `file:PATH` or `:memory:` opens SQLite; `postgres://…` a PostgreSQL pool. */
export function openDatabase(url: string, options: DatabaseOptions = {}): ServerDatabase {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return openPostgres(url, options);
  const path = url === ":memory:" ? ":memory:" : url.replace(/^file:/, "");
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const { db, lookups } = openSQLite(sqlite);
  return { db, lookups, dialect: "sqlite", ping: () => ping(db), destroy: () => db.destroy() };
}

async function ping(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * A PostgreSQL pool that survives the database going away: a connection cut while idle (a
 * restart, a failover, a network timeout) is logged instead of ending the process with an
 * unhandled 'error' event; a request that cannot get a connection within the timeout, or whose
 * connection is cut, answers 503 DATABASE_UNAVAILABLE; the pool reconnects on its own when the
 * database is back.
 */
function openPostgres(url: string, options: DatabaseOptions): ServerDatabase {
  const logger = options.logger ?? consoleLogger;
  const health = databaseHealth(logger);
  // pg is loaded for a PostgreSQL URL only: a server on SQLite (npm start's default) never
  // evaluates it, which cost every start time and heap (docs/performance/notes-from-code.md).
  // The import starts now; the first query waits for it at most once.
  let loaded: Pool | null = null;
  // Rows of the direct reads are parsed with pg's own type parsers (those of the loaded module).
  let parserOf: (dataTypeID: number) => (text: string) => unknown = () => {
    throw new Error("pg is not loaded yet");
  };
  const loading = import("pg").then(({ default: driver }) => {
    parserOf = (dataTypeID) => driver.types.getTypeParser(dataTypeID, "text");
    const pool = new driver.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 2000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    pool.on("error", (error) => {
      // An idle connection was cut; the pool has dropped it already.
      logger.warn("database connection lost", { error: error.message });
    });
    loaded = pool;
    return pool;
  });
  // One naming for both paths below: a connection must never see one name for two texts.
  const nameOf = options.namedStatements === false ? () => undefined : statementNames();
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: async () => guardPool(await loading, health, nameOf) }) });
  // The session lookup on every request runs on a pooled connection directly, without Kysely's
  // connection machinery around it.
  const read = directRead(() => loaded, loading, health, nameOf, new RowShapes((dataTypeID) => parserOf(dataTypeID)));
  const lookups: Lookups = { read: <Row>(query: CompiledQuery<Row>) => read(query.sql, query.parameters) as Promise<Row[]> };
  return { db, lookups, dialect: "postgres", ping: async () => health.observe(await ping(db)), destroy: () => db.destroy() };
}

type DatabaseHealth = ReturnType<typeof databaseHealth>;

/** What a failed connect or query rejects with: a lost database as its 503 (and noted as down), any other error as it is. */
function failureOf(health: DatabaseHealth, error: unknown): unknown {
  return isDatabaseUnavailable(error) ? health.failed(error) : error;
}

/** A statement as pg takes it: named when statementNames named its text (a repeated statement). */
function statement(name: string | undefined, text: string, values: unknown[] | undefined): QueryConfig {
  return name === undefined ? { text, values } : { name, text, values };
}

/** Logs the moments the database goes and comes back (not every failed request in between). */
function databaseHealth(logger: Logger): { observe(up: boolean): boolean; failed(error: unknown): APIError } {
  let up = true;
  return {
    observe(now) {
      if (now && !up) logger.info("database reachable again");
      up = now;
      return now;
    },
    failed(error) {
      if (up) logger.error("database unreachable", { error: error instanceof Error ? error.message : String(error) });
      up = false;
      return databaseUnavailableError();
    },
  };
}

/** How many distinct statements a process names (each connection keeps a plan per name it ran). */
const NAMED_STATEMENTS = 200;

/**
 * Names of prepared statements by SQL text: a named statement is parsed and planned once per
 * connection and then only bound and run (the session lookup on every request among them), where
 * Kysely's unnamed ones are parsed and planned again each time. The first NAMED_STATEMENTS select
 * texts seen get a name (not DDL, not writes); texts with `*` never do, so a column added by a migration that another process
 * runs cannot meet a plan cached with the old columns ("cached plan must not change result type").
 */
function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < NAMED_STATEMENTS && text.startsWith("select ") && !text.includes("*")) {
      name = `gatehouse_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
}

/**
 * Whether PostgreSQL refused a prepared statement because a migration changed the type of a
 * column it answers ("cached plan must not change result type", SQLSTATE 0A000). The statement
 * stays refused on that connection for as long as the connection lives, so the connection is
 * dropped rather than returned to the pool: the request that met it fails, and the statement is
 * prepared afresh, against the new columns, on the connection that replaces it.
 */
function isStalePlan(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === "0A000" && /cached plan must not change result type/.test(error.message);
}

/**
 * A read straight on a pooled connection, as guardPool would run it (a named statement, a 503
 * for a connection that cannot be had or breaks, a broken client or a stale plan's connection dropped), through pg's
 * callbacks: one promise per read where the promise-returning path took about six, on the
 * path every signed-in request takes. A named statement with text parameters runs without
 * describing its rows again (pg-known-shape-read.ts).
 */
function directRead(
  loadedPool: () => Pool | null,
  loading: Promise<Pool>,
  health: DatabaseHealth,
  nameOf: (text: string) => string | undefined,
  shapes: RowShapes,
): (text: string, parameters: readonly unknown[]) => Promise<unknown[]> {
  const read = (pool: Pool, text: string, parameters: readonly unknown[]): Promise<unknown[]> =>
    new Promise((resolve, reject) => {
      pool.connect((connectError, client, release) => {
        if (connectError || !client) {
          reject(failureOf(health, connectError));
          return;
        }
        health.observe(true);
        const done = (queryError: Error | null, rows?: unknown[]): void => {
          if (!queryError) {
            release();
            resolve(rows!);
            return;
          }
          release(isDatabaseUnavailable(queryError) || isStalePlan(queryError));
          reject(failureOf(health, queryError));
        };
        const name = nameOf(text);
        if (name !== undefined && parameters.every(isTextParameter)) client.query(new KnownShapeRead(shapes, name, text, parameters, done));
        else client.query<Record<string, unknown>>(statement(name, text, parameters as unknown[]), (error, result) => done(error, result?.rows));
      });
    });
  return (text, parameters) => {
    const pool = loadedPool();
    return pool ? read(pool, text, parameters) : loading.then((loaded) => read(loaded, text, parameters));
  };
}

/** A parameter PostgreSQL takes as text as it is (the lookups' token hashes and ids). */
function isTextParameter(value: unknown): value is string | null {
  return typeof value === "string" || value === null;
}

/** Turns connection failures into 503s and drops a client whose connection broke or holds a stale plan; names repeated statements. */
function guardPool(pool: Pool, health: DatabaseHealth, nameOf: (text: string) => string | undefined): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (error) {
        throw failureOf(health, error);
      }
      health.observe(true);
      let broken = false;
      const query = (text: unknown, values?: unknown): unknown => {
        // Kysely passes SQL text, or a cursor (a stream), which pg hands back as it is.
        if (typeof text !== "string") return (client.query as (cursor: unknown) => unknown)(text);
        return client.query(statement(nameOf(text), text, values as unknown[] | undefined)).catch((error: unknown) => {
          broken ||= isDatabaseUnavailable(error) || isStalePlan(error);
          throw failureOf(health, error);
        });
      };
      return {
        query: query as PostgresPoolClient["query"],
        release: () => client.release(broken),
      };
    },
    end: () => pool.end(),
  };
}
