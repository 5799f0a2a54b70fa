import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode, type QueryId } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../src/store/database.js";
import { listMembersWithUsers } from "../src/store/member-store.js";
import { createTestAuth, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The organization pages at a million people (docs/performance.md, "At a million people"): what
 * each runs, so that a page deep in a 50,000-member organization reads an index range rather than
 * sorting the whole organization every time.
 */

/** The SQL a store function sends, caught on its way out (the statement still runs). */
async function statementsOf(db: DB, run: (db: DB) => Promise<unknown>): Promise<CompiledQuery[]> {
  const caught: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      caught.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(db.withPlugin(plugin));
  return caught.map(({ node, queryId }) => db.getExecutor().compileQuery(node, queryId));
}

describe.each(testDialects())("the members page on %s", (dialect) => {
  let t: TestAuth;
  beforeAll(async () => {
    t = await createTestAuth({ dialect });
  });
  afterAll(async () => {
    await t.destroy();
  });

  /** The plan of the members page's query, as text (SQLite: EXPLAIN QUERY PLAN; PostgreSQL: EXPLAIN). */
  async function planOfPage(direction: "asc" | "desc"): Promise<string> {
    const db = t.database.db;
    const [page] = await statementsOf(db, (wrapped) => listMembersWithUsers(wrapped, "org-1", { limit: 100, offset: 25_000, direction }));
    if (dialect === "sqlite") {
      const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${page!.sql}`, [...page!.parameters]));
      return plan.rows.map((row) => row.detail).join("\n");
    }
    // An empty table is read whole by choice; with that choice taken away the planner shows
    // whether an index gives the page's order.
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${page!.sql}`, [...page!.parameters]));
      return plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
    });
  }

  it("reads the organization's members in the page's order from an index, without sorting them all", async () => {
    const plan = await planOfPage("asc");
    expect(plan).toContain("member_organizationId_createdAt_idx");
    if (dialect === "sqlite") expect(plan).not.toMatch(/TEMP B-TREE/);
    else expect(plan).not.toMatch(/Sort\b/);
  });

  it("reads the newest-first page from the same index (only ties of one instant are sorted)", async () => {
    const plan = await planOfPage("desc");
    expect(plan).toContain("member_organizationId_createdAt_idx");
    if (dialect === "sqlite") expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    else expect(plan).not.toMatch(/(^|->\s+)Sort\s/m); // an Incremental Sort of one instant's ties only
  });
});
