import SQLite from "better-sqlite3";
import { DummyDriver, Kysely, PostgresAdapter, PostgresDialect, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery } from "kysely";
import pg from "pg";
import { migrateTo, migrateToLatest } from "@gatehouse/migrations";
import { openSQLite, type Database, type Lookups } from "@gatehouse/auth-core";

export type TestDialect = "sqlite" | "postgres";

export interface TestDatabase {
  db: Kysely<Database>;
  /** How the hot path's lookups run on it, as the database setup gives them (createAuth's `lookups`); PostgreSQL's run through Kysely. */
  lookups?: Lookups;
  dialect: TestDialect;
  /** Deletes every row of every table (the migrations' bookkeeping stays): a test file that shares one database starts each test empty. */
  empty(): Promise<void>;
  /**
   * Runs the migrations after `upTo` with the real migrator (a test of a later migration, once
   * it has written rows in the older shape); on PostgreSQL under the schema lock (see below).
   */
  migrateToLatest(): Promise<void>;
  /**
   * Drops one of its tables (a test of what a missing table answers), with what references it;
   * on PostgreSQL under the schema lock: a table dropped while another test file's migrator lists
   * the tables of every schema fails that listing ("relation … does not exist").
   */
  dropTable(table: string): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * The dialects this run tests against: SQLite always, PostgreSQL when the test runner found a
 * server (scripts/test.mjs sets GATEHOUSE_TEST_PG_URL; with CI=true it must).
 */
export function testDialects(): TestDialect[] {
  return process.env.GATEHOUSE_TEST_PG_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

export interface TestDatabaseOptions {
  /** Stop after this migration (a test of a later migration writes rows in the older shape first). */
  upTo?: string;
}

/**
 * A fresh, migrated database: in-memory SQLite, or a throwaway schema on the test PostgreSQL.
 * A database at the latest migration is a copy of a template migrated once per test process
 * (the migrations themselves are what `migrateToLatest` runs); `upTo` runs the real migrator.
 * Within a vitest run (GATEHOUSE_TEST_SCHEMA_PREFIX, set by the root global setup) a PostgreSQL
 * schema a test is done with is emptied and handed to the process's next test, not dropped: see
 * `releaseSchema`.
 */
export async function createTestDatabase(dialect: TestDialect = "sqlite", options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const sqlite = options.upTo ? new SQLite(":memory:") : new SQLite(await sqliteTemplate());
    sqlite.pragma("foreign_keys = ON");
    // Exactly the database setup the server runs (fast-path/sqlite.ts).
    const { db, lookups } = openSQLite(sqlite);
    if (options.upTo) await migrateTo(db, options.upTo);
    return {
      db,
      lookups,
      dialect,
      async empty() {
        const tables = sqlite
          .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\' and name not like 'kysely\\_%' escape '\\'")
          .pluck()
          .all() as string[];
        sqlite.pragma("foreign_keys = OFF");
        try {
          for (const table of tables) sqlite.prepare(`delete from "${table}"`).run();
        } finally {
          sqlite.pragma("foreign_keys = ON");
        }
      },
      async migrateToLatest() {
        await migrateToLatest(db);
      },
      async dropTable(table) {
        sqlite.prepare(`drop table "${table}"`).run();
      },
      destroy: () => db.destroy(),
    };
  }
  const url = process.env.GATEHOUSE_TEST_PG_URL;
  if (!url) throw new Error("GATEHOUSE_TEST_PG_URL is not set: no PostgreSQL to test against");
  const runPrefix = options.upTo ? undefined : process.env.GATEHOUSE_TEST_SCHEMA_PREFIX;
  const reused = runPrefix ? freeSchemas.pop() : undefined;
  const schema = reused?.schema ?? `${runPrefix ?? `t_${Date.now().toString(36)}`}_${Math.random().toString(36).slice(2, 8)}`;
  const pool = reused?.pool ?? new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  // A schema that is kept keeps its pool and the pool's warm connections (a new connection is a new
  // server process with cold catalog caches) for the process's next test: the test's Kysely gets a
  // pool whose end() does nothing, and destroy() below ends the real one when the schema is dropped.
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => undefined } }) });
  let destroyed: Promise<void> | undefined;
  if (options.upTo) {
    const upTo = options.upTo;
    await withPostgresSchemaLock(url, async (client) => {
      await client.query(`create schema "${schema}"`);
      await migrateTo(db, upTo, { migrationTableSchema: schema });
    });
  } else if (!reused) {
    await createPostgresSchemaFromTemplate(url, schema);
  }
  return {
    db,
    dialect,
    async empty() {
      await emptyWrittenTables(pool, schema);
    },
    async migrateToLatest() {
      await withPostgresSchemaLock(url, async () => {
        await migrateToLatest(db, { migrationTableSchema: schema });
      });
    },
    async dropTable(table) {
      await withPostgresSchemaLock(url, (client) => client.query(`drop table "${schema}"."${table}" cascade`));
    },
    // Once, however often a test calls it: a second release would hand the schema and its pool to
    // two later tests, and the first of them to drop a table would end the pool under the other.
    destroy() {
      destroyed ??= (async () => {
        await db.destroy();
        if (runPrefix && (await releaseSchema(pool, schema))) return;
        await pool.end();
        await withPostgresSchemaLock(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
      })();
      return destroyed;
    },
  };
}

let sqliteTemplateBytes: Promise<Buffer> | undefined;

/** An in-memory SQLite database migrated to the latest migration, as bytes a new database opens from. */
function sqliteTemplate(): Promise<Buffer> {
  sqliteTemplateBytes ??= (async () => {
    const sqlite = new SQLite(":memory:");
    sqlite.pragma("foreign_keys = ON");
    const { db } = openSQLite(sqlite);
    await migrateToLatest(db);
    const bytes = sqlite.serialize();
    await db.destroy();
    return bytes;
  })();
  return sqliteTemplateBytes;
}

/** Stands for the schema's name in the recorded migration statements. */
const TEMPLATE_SCHEMA = "gatehouse_test_template";
let postgresTemplateScript: Promise<string> | undefined;

/**
 * The statements `migrateToLatest` runs on an empty PostgreSQL schema, as one script: recorded
 * once per process against Kysely's dummy driver (PostgreSQL's compiler, no connection; every
 * read answers no rows, as an empty schema does). Only the writes are kept: tables, indexes, the
 * migrator's own tables and rows, and the migrations' data steps (no-ops on an empty schema, kept
 * so the copy is exact). Parameters are written in as literals so the script is one round trip.
 */
function postgresTemplate(): Promise<string> {
  postgresTemplateScript ??= (async () => {
    const recorded: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => {
        if (event.level === "query") recorded.push(event.query);
      },
    });
    await migrateToLatest(db, { migrationTableSchema: TEMPLATE_SCHEMA });
    await db.destroy();
    return recorded
      .filter((query) => /^\s*(create|alter|insert|update|delete|drop)\b/i.test(query.sql))
      .map((query) => query.sql.replace(/\$(\d+)/g, (_, n: string) => literal(query.parameters[Number(n) - 1])))
      .join(";\n");
  })();
  return postgresTemplateScript;
}

function literal(value: unknown): string {
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`a migration statement has a ${typeof value} parameter; the test template writes only strings and numbers`);
}

/**
 * Schemas of this run made from the template and emptied, each with its pool (connections whose
 * search_path is the schema), for the process's next tests.
 */
const freeSchemas: { schema: string; pool: pg.Pool }[] = [];

interface SchemaTable {
  name: string;
  written: boolean;
}

/**
 * The tables of a schema (the migrator's own aside) and whether each was ever written: a new
 * table has no page on disk, and any write (even one deleted or rolled back since) gives it one.
 * Schema names are ours ([a-z0-9_]).
 */
function schemaTablesSQL(schema: string): string {
  return (
    "select c.relname as name, pg_relation_size(c.oid) > 0 as written from pg_class c join pg_namespace n on n.oid = c.relnamespace " +
    `where n.nspname = ${literal(schema)} and c.relkind = 'r' and c.relname not like 'kysely\\_%'`
  );
}

/** The schema's foreign keys, each as the referencing table and the table it references. */
function foreignKeysSQL(schema: string): string {
  return (
    "select child.relname as child, parent.relname as parent from pg_constraint c " +
    "join pg_class child on child.oid = c.conrelid join pg_class parent on parent.oid = c.confrelid " +
    `join pg_namespace n on n.oid = c.connamespace where c.contype = 'f' and n.nspname = ${literal(schema)}`
  );
}

/**
 * The written tables in an order that deletes every referencing row before the row it references
 * (a row can only reference a written table's rows from a written table), or null when their
 * foreign keys go round in a cycle.
 */
function referencingFirst(written: readonly string[], keys: readonly { child: string; parent: string }[]): string[] | null {
  const writtenSet = new Set(written);
  const order: string[] = [];
  const placed = new Set<string>();
  const remaining = new Set(written);
  while (remaining.size > 0) {
    // A table is next when no remaining table (but itself) still references it.
    const next = [...remaining].find(
      (table) => !keys.some((key) => key.parent === table && key.child !== table && writtenSet.has(key.child) && !placed.has(key.child)),
    );
    if (next === undefined) return null;
    order.push(next);
    placed.add(next);
    remaining.delete(next);
  }
  return order;
}

/**
 * Empties the written tables: a DELETE each, referencing tables first, in one round trip. A table
 * never written is left as it is (it has no rows). Tests write a handful of rows, which a DELETE
 * removes in well under a millisecond; a TRUNCATE (this file's first way) makes new files for every
 * table and index it names, and with CASCADE it names nearly every table of the schema: 150 to
 * 650 ms a test on a busy machine against 5 to 25 for the DELETEs. Queries that name no order
 * may see rows in another order than in a new schema: the code under test orders what it lists.
 * Foreign keys in a cycle: the TRUNCATE, as before.
 */
function emptySQL(schema: string, written: readonly string[], keys: readonly { child: string; parent: string }[]): string {
  const order = referencingFirst(written, keys);
  if (order === null) return `truncate ${written.map((table) => `"${schema}"."${table}"`).join(", ")} cascade`;
  return order.map((table) => `delete from "${schema}"."${table}"`).join(";\n");
}

/** Empties the schema's written tables (emptySQL) and answers the names of all its tables. */
async function emptyWrittenTables(pool: pg.Pool, schema: string): Promise<string[]> {
  const { rows } = await pool.query<SchemaTable>(schemaTablesSQL(schema));
  const written = rows.filter((row) => row.written).map((row) => row.name);
  if (written.length > 0) {
    const { rows: keys } = await pool.query<{ child: string; parent: string }>(foreignKeysSQL(schema));
    await pool.query(emptySQL(schema, written, keys));
  }
  return rows.map((row) => row.name);
}

/**
 * Empties a schema made from the template (emptySQL) and keeps it for the next test of this
 * process, which is cheaper than creating and dropping schemas (catalog work under the lock
 * that every test process shares). False if that fails or a table the migrations create is
 * gone (the test dropped it): the caller then drops the schema. The run's global setup drops the
 * run's schemas at the end.
 */
async function releaseSchema(pool: pg.Pool, schema: string): Promise<boolean> {
  const tables = [...(await postgresTemplate()).matchAll(/^create table "([^"]+)" \(/gim)].map((match) => match[1]!);
  try {
    const present = new Set(await emptyWrittenTables(pool, schema));
    if (!tables.every((table) => present.has(table))) return false;
  } catch {
    return false;
  }
  if (!freeSchemas.some((free) => free.schema === schema)) freeSchemas.push({ schema, pool });
  return true;
}

/** Creates `schema` and runs the recorded migration script in it, in one transaction. */
async function createPostgresSchemaFromTemplate(url: string, schema: string): Promise<void> {
  const script = (await postgresTemplate()).replaceAll(`"${TEMPLATE_SCHEMA}"`, `"${schema}"`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("begin");
    // The same lock as withPostgresSchemaLock, released at commit: no migrator lists tables meanwhile.
    await client.query("select pg_advisory_xact_lock($1)", [SCHEMA_LOCK_KEY]);
    await client.query(`create schema "${schema}"; set local search_path to "${schema}";\n${script}`);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

const SCHEMA_LOCK_KEY = 7_337_001;

/**
 * Runs `work` holding the lock that every test process takes to create, migrate or drop a
 * schema on the test PostgreSQL: Kysely's migrator lists tables across every schema, and a
 * schema dropped by a parallel test file in the middle of that listing fails it.
 */
export async function withPostgresSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [SCHEMA_LOCK_KEY]);
    return await work(client);
  } finally {
    await client.query("select pg_advisory_unlock($1)", [SCHEMA_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
