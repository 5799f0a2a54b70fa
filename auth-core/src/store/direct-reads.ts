import type { CompiledQuery, Dialect, DialectAdapter, Kysely } from "kysely";

/** Runs a read-only query's SQL with its parameters on a pooled connection and answers its rows. */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => Promise<unknown[]>;

const directReads = new WeakMap<DialectAdapter, DirectRead>();

/**
 * A dialect whose hottest reads (the session lookup on every request) may skip Kysely's
 * connection and result machinery, about eight promise-returning layers between the query and
 * the pool: `read` takes a connection from the same pool and runs the compiled SQL. Everything
 * else goes through `dialect` unchanged. For a database whose driver answers asynchronously
 * (PostgreSQL); SQLite's reads are immediate (createSQLiteDialect).
 */
export function withDirectReads(dialect: Dialect, read: DirectRead): Dialect {
  const adapter = dialect.createAdapter();
  directReads.set(adapter, read);
  return {
    createAdapter: () => adapter,
    createDriver: () => dialect.createDriver(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
  };
}

/** The direct reader of a Kysely instance made with withDirectReads, unless plugins would transform the query or its rows. */
export function directReaderFor(db: Pick<Kysely<object>, "getExecutor">): (<Row>(query: CompiledQuery<Row>) => Promise<Row[]>) | undefined {
  if (typeof db.getExecutor !== "function") return undefined;
  const executor = db.getExecutor();
  if (executor.plugins.length > 0) return undefined;
  const read = directReads.get(executor.adapter);
  return read ? <Row>(query: CompiledQuery<Row>) => read(query.sql, query.parameters) as Promise<Row[]> : undefined;
}
