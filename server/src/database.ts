import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "@gatehouse/auth-core";
import { BetterSQLiteDialect } from "./sqlite-dialect.js";

export interface ServerDatabase {
  db: Kysely<Database>;
  dialect: "sqlite" | "postgres";
  destroy(): Promise<void>;
}

/** `file:PATH` or `:memory:` opens SQLite; `postgres://…` a PostgreSQL pool. */
export function openDatabase(url: string): ServerDatabase {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) {
    const pool = new pg.Pool({ connectionString: url, max: 20 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", destroy: () => db.destroy() };
  }
  const path = url === ":memory:" ? ":memory:" : url.replace(/^file:/, "");
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const sqlite = new SQLite(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  const db = new Kysely<Database>({ dialect: new BetterSQLiteDialect(sqlite) });
  return { db, dialect: "sqlite", destroy: () => db.destroy() };
}
