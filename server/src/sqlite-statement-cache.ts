import type { Database as SQLiteDatabase, Statement } from "better-sqlite3";
import type { SqliteDatabase } from "kysely";

/**
 * Kysely's SQLite driver prepares every statement anew on each query; preparing costs far more
 * than running a point lookup (measured: 34 µs against 4 µs for the session lookup). This keeps
 * prepared statements per SQL text, so repeated queries (every get-session) skip the compiler.
 * Bounded: the least recently added statements are dropped past `limit`.
 */
export function withStatementCache(sqlite: SQLiteDatabase, limit = 500): SqliteDatabase {
  const statements = new Map<string, Statement>();
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
