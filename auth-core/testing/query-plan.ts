import { CompiledQuery, sql, type Kysely, type KyselyPlugin, type QueryId, type RootOperationNode } from "kysely";
import type { Database } from "@gatehouse/auth-core";
import type { TestDialect } from "./test-database.js";

/**
 * The statements a piece of code runs through `db`, caught on their way out (they still run), in
 * the order they ran: what a test of a query's plan explains. A subquery built apart is part of
 * the statement that holds it, not one of its own.
 */
export async function statementsOf(db: Kysely<Database>, run: (db: Kysely<Database>) => Promise<unknown>): Promise<CompiledQuery[]> {
  const built = new Map<QueryId, RootOperationNode>();
  const ran: CompiledQuery[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      built.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: async (args) => {
      const node = built.get(args.queryId);
      if (node) ran.push(db.getExecutor().compileQuery(node, args.queryId));
      return args.result;
    },
  };
  await run(db.withPlugin(plugin));
  return ran;
}

/**
 * The plan of one statement as text: SQLite's EXPLAIN QUERY PLAN (one line a step), PostgreSQL's
 * EXPLAIN. A test's tables are nearly empty, and PostgreSQL reads a small table whole by choice:
 * with sequential and bitmap scans taken away, the plan shows the index ranges, in order, that the
 * statement can be read by, and whether an index gives its order.
 */
export async function planOf(db: Kysely<Database>, dialect: TestDialect, statement: CompiledQuery): Promise<string> {
  if (dialect === "sqlite") {
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${statement.sql}`, [...statement.parameters]));
    return plan.rows.map((row) => row.detail).join("\n");
  }
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    await sql`set local enable_bitmapscan = off`.execute(trx);
    // Nor a full sort where an index gives the order: a test database's tables are emptied with
    // DELETE (test-database.ts), so a reused table's statistics say a few rows, which a sort beats.
    // A sort the indexes cannot spare still shows (a disabled node is used when nothing else can).
    await sql`set local enable_sort = off`.execute(trx);
    const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${statement.sql}`, [...statement.parameters]));
    return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
  });
}
