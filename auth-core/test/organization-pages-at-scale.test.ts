import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listMembersWithUsers } from "../src/store/member-store.js";
import {
  createRecordingMailer,
  createTestAuth,
  planOf,
  readJSON,
  seedOrganization,
  signUpPerson,
  statementsOf,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "../testing/index.js";

/**
 * The organization pages at a million people (docs/performance.md, "At a million people"): what
 * each runs, so that a page deep in a 50,000-member organization reads an index range rather than
 * sorting the whole organization every time.
 */

/**
 * Every statement the service sends through its database while `run` runs, as SQL (the session
 * lookup on every signed-in request goes its own way, `lookups`, and is not among them).
 */
async function statementsOfRequest(t: TestAuth, run: () => Promise<unknown>): Promise<string[]> {
  const { context } = t.auth;
  const db = context.db;
  const sent = await statementsOf(db, async (counted) => {
    context.db = counted;
    try {
      await run();
    } finally {
      context.db = db;
    }
  });
  return sent.map((statement) => statement.sql);
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
    return planOf(db, dialect, page!);
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
