import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import { createSQLiteDialect } from "../store/sqlite-dialect.js";
import pg from "pg";
import { migrateTo, migrateToLatest } from "@gatehouse/migrations";
import type { Database } from "../store/database.js";

export type TestDialect = "sqlite" | "postgres";

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: TestDialect;
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

/** A fresh, migrated database: in-memory SQLite, or a throwaway schema on the test PostgreSQL. */
export async function createTestDatabase(dialect: TestDialect = "sqlite", options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const migrate = (db: Kysely<Database>, schema?: string): Promise<string[]> =>
    options.upTo ? migrateTo(db, options.upTo, { migrationTableSchema: schema }) : migrateToLatest(db, { migrationTableSchema: schema });
  if (dialect === "sqlite") {
    const sqlite = new SQLite(":memory:");
    sqlite.pragma("foreign_keys = ON");
    // Exactly the dialect the server runs (store/sqlite-dialect.ts).
    const db = new Kysely<Database>({ dialect: createSQLiteDialect(sqlite) });
    await migrate(db);
    return { db, dialect, destroy: () => db.destroy() };
  }
  const url = process.env.GATEHOUSE_TEST_PG_URL;
  if (!url) throw new Error("GATEHOUSE_TEST_PG_URL is not set: no PostgreSQL to test against");
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const pool = new pg.Pool({ connectionString: url, max: 10, options: `-c search_path=${schema}` });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's migrator lists tables across every schema; a schema created or dropped by a
  // parallel test file in the middle of that listing fails it. One advisory lock serializes
  // schema creation, migration and removal across all test processes.
  await withSchemaLock(url, async (client) => {
    await client.query(`create schema "${schema}"`);
    await migrate(db, schema);
  });
  return {
    db,
    dialect,
    async destroy() {
      await db.destroy();
      await withSchemaLock(url, (client) => client.query(`drop schema if exists "${schema}" cascade`));
    },
  };
}

const SCHEMA_LOCK_KEY = 7_337_001;

async function withSchemaLock<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
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
