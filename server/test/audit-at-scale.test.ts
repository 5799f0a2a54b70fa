import type { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAuth,
  planOf,
  seedOrganization,
  signUpPerson,
  statementsOf,
  testDialects,
  type TestAuth,
  type TestPerson,
} from "@gatehouse/auth-core/testing";
import { createProduct } from "../src/product/index.js";
import { createAuditService } from "../src/product/audit/audit-service.js";
import { findLatestAuditEventTime, listAuditEvents } from "../src/product/audit/audit-store.js";

/**
 * The audit log's reads at a million people (docs/performance.md, "At a million people"): the
 * rows each read gives, across pages and ties of one instant, and the index ranges it is read by,
 * so that a person's page or an export's next page never walks the log from its newest row.
 */
describe.each(testDialects())("the audit log's reads at scale on %s", (dialect) => {
  let t: TestAuth;
  let ada: TestPerson;
  let bob: TestPerson;
  let cy: TestPerson;
  let acme: string;

  type Row = { id: string; userId: string | null; targetUserId?: string | null; organizationId?: string | null; type?: string; createdAt: string };
  async function seed(rows: Row[]): Promise<void> {
    for (let i = 0; i < rows.length; i += 200) {
      await t.database.db
        .insertInto("securityEvent")
        .values(
          rows.slice(i, i + 200).map((row) => ({
            id: row.id,
            userId: row.userId,
            targetUserId: row.targetUserId ?? null,
            type: (row.type ?? "sign-in") as "sign-in",
            outcome: "success" as const,
            method: null,
            organizationId: row.organizationId ?? null,
            requestId: null,
            ipAddress: null,
            userAgent: null,
            detail: null,
            createdAt: row.createdAt,
          })),
        )
        .execute();
    }
  }

  beforeAll(async () => {
    t = await createTestAuth({ dialect, now: new Date("2026-02-01T00:00:00.000Z"), options: { rateLimit: { enabled: false } } });
    ada = await signUpPerson(t.auth, "Ada", "ada@example.com");
    bob = await signUpPerson(t.auth, "Bob", "bob@example.com");
    cy = await signUpPerson(t.auth, "Cy", "cy@example.com");
    acme = (await seedOrganization(t.auth, { [cy.userId]: "owner" })).organizationId;
    const at = (day: number, hour: number) => `2026-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;
    await seed([
      { id: "p01", userId: ada.userId, createdAt: at(1, 9) },
      { id: "p02", userId: bob.userId, targetUserId: ada.userId, type: "user-banned", createdAt: at(1, 10) },
      { id: "p03", userId: cy.userId, createdAt: at(1, 11) },
      { id: "p04", userId: ada.userId, createdAt: at(2, 9) },
      // One instant, three of Ada's rows (two as the target): the page's order splits them by id.
      { id: "p05", userId: ada.userId, createdAt: at(3, 9) },
      { id: "p07", userId: bob.userId, targetUserId: ada.userId, type: "user-unbanned", createdAt: at(3, 9) },
      { id: "p06", userId: bob.userId, targetUserId: ada.userId, type: "user-role-changed", createdAt: at(3, 9) },
      { id: "p08", userId: bob.userId, createdAt: at(3, 9) },
      // An operator acting on their own account: one row of Ada's, shown once.
      { id: "p09", userId: ada.userId, targetUserId: ada.userId, type: "user-updated-by-admin", createdAt: at(4, 9) },
      { id: "p10", userId: bob.userId, targetUserId: cy.userId, type: "user-banned", createdAt: at(4, 10) },
    ]);
    // The organization's own rows for the export: 1,203 rows in instants of seven (ties across its 500-row pages).
    await seed(
      Array.from({ length: 1203 }, (_, i) => ({
        id: `x${String(i).padStart(5, "0")}`,
        userId: cy.userId,
        organizationId: acme,
        type: "member-invited",
        createdAt: `2026-04-01T00:${String(Math.floor(i / 7 / 60) % 60).padStart(2, "0")}:${String(Math.floor(i / 7) % 60).padStart(2, "0")}.000Z`,
      })),
    );
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("a person's page holds the rows where they act and where they are the target, newest first across pages, ties split by id", async () => {
    const product = createProduct(t.auth);
    const viewer = { userId: ada.userId, activeOrganizationId: null };
    const ids: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await product.audit.events(viewer, {
        scope: "self",
        from: new Date("2026-03-01T00:00:00.000Z"),
        to: new Date("2026-03-31T00:00:00.000Z"),
        cursor,
        limit: 2,
      });
      expect(page.items.length).toBeLessThanOrEqual(2);
      ids.push(...page.items.map((event) => event.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(["p09", "p07", "p06", "p05", "p04", "p02", "p01"]);
    // The same rows in one page, and with a filter applied in both halves.
    const whole = await product.audit.events(viewer, {
      scope: "self",
      from: new Date("2026-03-01T00:00:00.000Z"),
      to: new Date("2026-03-31T00:00:00.000Z"),
      limit: 100,
    });
    expect(whole.items.map((event) => event.id)).toEqual(ids);
    const bans = await product.audit.events(viewer, { scope: "self", types: ["user-banned", "user-unbanned"], limit: 100 });
    expect(bans.items.map((event) => event.id)).toEqual(["p07", "p02"]);
    expect(bans.items[0]?.actor?.id).toBe(bob.userId);
  });

  it("the export gives every row of a long log once, in order, across its pages and the ties at their edges", async () => {
    const exported: string[] = [];
    for await (const event of createProduct(t.auth).audit.exportEvents(
      { userId: cy.userId, activeOrganizationId: acme },
      { scope: "organization", types: ["member-invited"] },
    )) {
      exported.push(event.id);
    }
    const expected = Array.from({ length: 1203 }, (_, i) => ({ id: `x${String(i).padStart(5, "0")}`, at: Math.floor(i / 7) }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);
    expect(exported).toEqual(expected);
  });

  /** The plan of the one statement `run` sends. */
  async function planOfOnly(run: Parameters<typeof statementsOf>[1]): Promise<string> {
    const statements: CompiledQuery[] = await statementsOf(t.database.db, run);
    expect(statements).toHaveLength(1);
    return planOf(t.database.db, dialect, statements[0]!);
  }

  /** A value in PostgreSQL's plan: a parameter, or the literal it was given. */
  const VALUE = String.raw`(?:\$\d+|'[^']*'::text)`;

  /** Both halves of a person's scope read as index ranges of their own, never one OR over the log. */
  function expectTwoRanges(plan: string, after: boolean): void {
    if (dialect === "sqlite") {
      const range = after ? " AND createdAt<?" : "";
      expect(plan).toContain(`SEARCH securityEvent USING INDEX securityEvent_userId_createdAt_idx (userId=?${range})`);
      expect(plan).toContain(`SEARCH securityEvent USING INDEX securityEvent_targetUserId_createdAt_idx (targetUserId=?${range})`);
      expect(plan).not.toContain("MULTI-INDEX OR");
      return;
    }
    const condition = (column: string) =>
      after ? String.raw`\(\("${column}" = ${VALUE}\) AND \("createdAt" <= ${VALUE}\)\)` : String.raw`\("${column}" = ${VALUE}\)`;
    expect(plan).toMatch(new RegExp(String.raw`Index Scan Backward using "securityEvent_userId_createdAt_idx"[^\n]*\n\s+Index Cond: ${condition("userId")}\n`));
    expect(plan).toMatch(
      new RegExp(String.raw`Index Scan Backward using "securityEvent_targetUserId_createdAt_idx"[^\n]*\n\s+Index Cond: ${condition("targetUserId")}\n`),
    );
    expect(plan).not.toMatch(/BitmapOr| OR \("targetUserId"/);
  }

  it("a person's page is two index ranges from the cursor's position, userId then targetUserId, merged in the query", async () => {
    const scope = { kind: "user" as const, userId: ada.userId };
    expectTwoRanges(await planOfOnly((db) => listAuditEvents(db, { scope }, { after: null, limit: 26 })), false);
    expectTwoRanges(await planOfOnly((db) => listAuditEvents(db, { scope }, { after: { createdAt: "2026-03-03T09:00:00.000Z", id: "p06" }, limit: 26 })), true);
  });

  it("the dashboard's last sign-in reads the person's two halves apart, each cut at its newest row", async () => {
    const scope = { kind: "user" as const, userId: ada.userId };
    const plan = await planOfOnly((db) => findLatestAuditEventTime(db, { scope, types: ["sign-in"], outcome: "success" }));
    // Which index the first half walks is the planner's pick by the statistics (at a million rows
    // the person's: docs/performance.md); what must hold at any size is that no read takes the OR.
    if (dialect === "sqlite") {
      expect(plan).toContain("SEARCH securityEvent USING INDEX securityEvent_targetUserId_createdAt_idx (targetUserId=?)");
      expect(plan).toContain("UNION ALL");
      expect(plan).not.toContain("MULTI-INDEX OR");
    } else {
      expect(plan).toMatch(/Index Scan Backward using "securityEvent_targetUserId_createdAt_idx"[^\n]*\n\s+Index Cond: \("targetUserId" = /);
      expect(plan.match(/->\s+Limit/g)).toHaveLength(2);
      expect(plan).not.toMatch(/BitmapOr| OR \("targetUserId"/);
    }
    expect(await findLatestAuditEventTime(t.database.db, { scope, types: ["sign-in"], outcome: "success", to: new Date("2026-03-31T00:00:00.000Z") })).toBe(
      "2026-03-03T09:00:00.000Z",
    );
  });

  it("the dashboard reads each figure once: the organization's row once, no count of invitations it does not show", async () => {
    const viewer = { userId: cy.userId, activeOrganizationId: acme };
    const statements = await statementsOf(t.database.db, (db) => createAuditService(t.auth, db).overview(viewer));
    const texts = statements.map((statement) => statement.sql);
    // Holdings (3), the last sign-in, the 30 days' two counts, the organization, the role, its members, the last five events.
    expect(texts).toHaveLength(10);
    expect(texts.filter((text) => /^select \* from "organization" where/.test(text))).toHaveLength(1);
    expect(texts.some((text) => text.includes('"invitation"'))).toBe(false);
    expect((await createProduct(t.auth).audit.overview(viewer)).organization).toMatchObject({ id: acme, role: "owner", seatsUsed: 1 });
  });

  it("an export's next page of an organization's log is an index range from the last position, never a walk from the newest row", async () => {
    const plan = await planOfOnly((db) =>
      listAuditEvents(
        db,
        { scope: { kind: "organization", organizationId: acme } },
        { after: { createdAt: "2026-04-01T00:01:00.000Z", id: "x00420" }, limit: 500 },
      ),
    );
    // Whichever indexes the planner takes (at a million rows: the time index), each read of the log starts at the position.
    if (dialect === "sqlite") {
      const reads = plan.split("\n").filter((line) => /^(SCAN|SEARCH) securityEvent\b/.test(line));
      expect(reads.length).toBeGreaterThan(0);
      for (const read of reads) expect(read).toMatch(/^SEARCH securityEvent USING INDEX securityEvent_\w+ \((\w+=\? AND )?createdAt<\?\)$/);
    } else {
      const reads = [...plan.matchAll(/Index Scan(?: Backward)? using "(securityEvent_\w+)" on "securityEvent"[^\n]*\n\s+Index Cond: ([^\n]*)/g)];
      expect(reads.length).toBeGreaterThan(0);
      for (const [, , condition] of reads) expect(condition).toMatch(new RegExp(String.raw`"createdAt" <= ${VALUE}`));
      expect(plan).not.toMatch(/Seq Scan on "securityEvent"/);
    }
  });
});
