import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode, type QueryId } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DB } from "../src/store/database.js";
import { listMembersWithUsers } from "../src/store/member-store.js";
import {
  createRecordingMailer,
  createTestAuth,
  readJSON,
  seedOrganization,
  signUpPerson,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "../testing/index.js";

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

/**
 * Every statement the service sends through its database while `run` runs, as SQL (the session
 * lookup on every signed-in request goes its own way, `lookups`, and is not among them).
 */
async function statementsOfRequest(t: TestAuth, run: () => Promise<unknown>): Promise<string[]> {
  const { context } = t.auth;
  const db = context.db;
  const sent: string[] = [];
  // A statement is counted when its result comes back (a subquery's builder passes through
  // transformQuery too, but only what is executed has a result).
  const nodes = new Map<QueryId, RootOperationNode>();
  context.db = db.withPlugin({
    transformQuery: (args) => {
      nodes.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: async (args) => {
      sent.push(db.getExecutor().compileQuery(nodes.get(args.queryId)!, args.queryId).sql);
      return args.result;
    },
  });
  try {
    await run();
  } finally {
    context.db = db;
  }
  return sent;
}

describe.each(testDialects())("what the organization's pages read on %s", (dialect) => {
  let t: TestAuth;
  let owner: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer: createRecordingMailer() } });
    owner = await signUpPerson(t.auth, "Olive", "olive@example.com");
    const bo = await signUpPerson(t.auth, "Bo", "bo@example.com");
    const { organizationId } = await seedOrganization(t.auth, { [owner.userId]: "owner", [bo.userId]: "member" });
    expect((await owner.browser.post("/organization/set-active", { organizationId })).status).toBe(200);
    expect((await owner.browser.post("/organization/invite-member", { email: "cy@example.com", role: "member" })).status).toBe(200);
  });
  afterAll(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  it("has-permission: the membership and its organization's two-factor rule in one read", async () => {
    let answer: unknown;
    const sent = await statementsOfRequest(t, async () => {
      answer = await readJSON(await owner.browser.post("/organization/has-permission", { permissions: { member: ["create"] } }));
    });
    expect(answer).toEqual({ error: null, success: true });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/"requireTwoFactor"/);
  });

  it("list-invitations: the membership with its rule, then the invitations", async () => {
    let answer: Array<{ email: string }> = [];
    const sent = await statementsOfRequest(t, async () => {
      answer = await readJSON(await owner.browser.get("/organization/list-invitations"));
    });
    expect(answer.map((invitation) => invitation.email)).toEqual(["cy@example.com"]);
    expect(sent).toHaveLength(2);
  });

  it("list-members: the membership with its rule, the page and the count", async () => {
    let answer: { members: Array<{ user: { email: string } }>; total: number } = { members: [], total: 0 };
    const sent = await statementsOfRequest(t, async () => {
      answer = await readJSON(await owner.browser.get("/organization/list-members?limit=100&offset=0"));
    });
    expect(answer.total).toBe(2);
    expect(answer.members.map((member) => member.user.email).sort()).toEqual(["bo@example.com", "olive@example.com"]);
    expect(sent).toHaveLength(3);
  });
});

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

  it("cuts the page from the member rows before it reads their people (the offset skips members, not people)", async () => {
    const plan = await planOfPage("asc");
    // SQLite: the page is a subquery run first (a co-routine), its rows then joined; PostgreSQL:
    // the Limit (with its offset) sits under the join, not above it.
    if (dialect === "sqlite") expect(plan.split("\n")[0]).toMatch(/^(CO-ROUTINE|MATERIALIZE) m\b/);
    else {
      expect(plan.split("\n")[0]).not.toMatch(/^Limit/);
      expect(plan).toMatch(/->\s+Limit/);
    }
  });

  it("reads the newest-first page from the same index (only ties of one instant are sorted)", async () => {
    const plan = await planOfPage("desc");
    expect(plan).toContain("member_organizationId_createdAt_idx");
    if (dialect === "sqlite") expect(plan).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    else expect(plan).not.toMatch(/(^|->\s+)Sort\s/m); // an Incremental Sort of one instant's ties only
  });
});
