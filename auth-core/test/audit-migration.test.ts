import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestDatabase, testDialects, type TestDatabase } from "../testing/index.js";

/** The rows as the log wrote them before event types were a fixed list: free-text types, everything else in `detail`. */
const OLD_ROWS = [
  { id: "e1", type: "sign-in", detail: { method: "email" } },
  { id: "e2", type: "sign-in", detail: { method: "social", provider: "google", requestId: "req-1" } },
  { id: "e3", type: "passkey-registered", detail: { passkeyId: "pk-1", deviceType: "multiDevice" } },
  { id: "e4", type: "organization-member-removed", detail: { organizationId: "org-1", memberUserId: "u-2" } },
  { id: "e5", type: "organization-invitation-canceled", detail: { organizationId: "org-1", invitationId: "inv-1" } },
  { id: "e6", type: "organization-left", detail: { organizationId: "org-2" } },
  { id: "e7", type: "organization-member-role-updated", detail: { organizationId: "org-1", role: "admin" } },
  { id: "e8", type: "organization-invitation-accepted", detail: { organizationId: "org-1" } },
  { id: "e9", type: "organization-invitation-sent", detail: { organizationId: "org-1", role: "member" } },
  { id: "e10", type: "verification-email-sent", detail: null },
  { id: "e11", type: "account-deleted", detail: { method: "token" } },
  { id: "e12", type: "sign-in", detail: { method: "email-verification" } },
  { id: "e13", type: "account-unlinked", detail: { provider: "github" } },
  { id: "e14", type: "sign-out", detail: null },
];

describe.each(testDialects())("the audit-log migration on %s", (dialect) => {
  let database: TestDatabase;
  afterEach(async () => {
    await database.destroy();
  });

  it("carries old rows over: renamed kinds, method, organization and request id as columns", async () => {
    database = await createTestDatabase(dialect, { upTo: "2026_11_25_000100_jwks" });
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    await old
      .insertInto("organization")
      .values({ id: "org-1", name: "Acme", slug: "acme", logo: null, metadata: null, plan: null, createdAt: "2026-01-01T00:00:00.000Z" })
      .execute();
    for (const [index, row] of OLD_ROWS.entries()) {
      await old
        .insertInto("securityEvent")
        .values({
          id: row.id,
          userId: null,
          type: row.type,
          outcome: "success",
          ipAddress: "203.0.113.1",
          userAgent: null,
          detail: row.detail ? JSON.stringify(row.detail) : null,
          createdAt: `2026-01-01T00:00:${String(index).padStart(2, "0")}.000Z`,
        })
        .execute();
    }
    await database.migrateToLatest();

    const rows = await database.db
      .selectFrom("securityEvent")
      .select(["id", "type", "method", "organizationId", "requestId", "detail"])
      .orderBy("createdAt")
      .execute();
    const byId = Object.fromEntries(rows.map((r) => [r.id, { ...r, detail: r.detail ? (JSON.parse(r.detail) as unknown) : null }]));
    expect(byId.e10).toBeUndefined(); // a mail notice, not a change: no kind in the new list
    expect(rows).toHaveLength(OLD_ROWS.length - 1);
    expect(byId.e1).toMatchObject({ type: "sign-in", method: "password", organizationId: null, detail: null });
    expect(byId.e2).toMatchObject({ type: "sign-in", method: "google", requestId: "req-1", detail: null });
    expect(byId.e3).toMatchObject({ type: "passkey-added", method: null, detail: { passkeyId: "pk-1", deviceType: "multiDevice" } });
    expect(byId.e4).toMatchObject({ type: "member-removed", organizationId: "org-1", detail: { memberUserId: "u-2" } });
    expect(byId.e5).toMatchObject({ type: "invitation-cancelled", organizationId: "org-1", detail: { invitationId: "inv-1" } });
    expect(byId.e6).toMatchObject({ type: "member-left", organizationId: "org-2", detail: null });
    expect(byId.e7).toMatchObject({ type: "member-role-changed", organizationId: "org-1", detail: { role: "admin" } });
    expect(byId.e8).toMatchObject({ type: "invitation-accepted", organizationId: "org-1" });
    expect(byId.e9).toMatchObject({ type: "member-invited", organizationId: "org-1", detail: { role: "member" } });
    expect(byId.e11).toMatchObject({ type: "account-deleted", method: "email-link" });
    expect(byId.e12).toMatchObject({ type: "sign-in", method: "email-link" });
    expect(byId.e13).toMatchObject({ type: "account-unlinked", method: "github" });
    expect(byId.e14).toMatchObject({ type: "sign-out", method: null, detail: null });
    const organization = await database.db.selectFrom("organization").select("plan").executeTakeFirstOrThrow();
    expect(organization.plan).toBe("free");
  });

  it("carries over a log larger than one batch", async () => {
    database = await createTestDatabase(dialect, { upTo: "2026_11_25_000100_jwks" });
    const old = database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const rows = Array.from({ length: 1_234 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, "0")}`,
      userId: null,
      type: "sign-in",
      outcome: "success",
      ipAddress: null,
      userAgent: null,
      detail: JSON.stringify({ method: i % 2 ? "email" : "passkey", requestId: `req-${i}` }),
      createdAt: "2026-01-01T00:00:00.000Z",
    }));
    for (let i = 0; i < rows.length; i += 400)
      await old
        .insertInto("securityEvent")
        .values(rows.slice(i, i + 400))
        .execute();
    await database.migrateToLatest();
    const after = await database.db.selectFrom("securityEvent").select(["id", "method", "requestId", "detail"]).orderBy("id").execute();
    expect(after).toHaveLength(rows.length);
    expect(after.every((row, i) => row.method === (i % 2 ? "password" : "passkey") && row.requestId === `req-${i}` && row.detail === null)).toBe(true);
  });
});

describe.each(testDialects())("audit-log retention on %s", (dialect) => {
  it("deleteExpired removes rows older than auditLog.retentionDays, and keeps every row at 0", async () => {
    for (const retentionDays of [30, 0]) {
      const t = await createTestAuth({ dialect, options: { auditLog: { retentionDays } } });
      const at = (days: number): string => new Date(Date.UTC(2026, 0, 1) + days * 86_400_000).toISOString();
      for (const [id, day] of [
        ["old", 0],
        ["edge", 10],
        ["new", 39],
      ] as const) {
        await t.database.db
          .insertInto("securityEvent")
          .values({
            id,
            userId: null,
            type: "sign-in",
            outcome: "failure",
            method: "password",
            organizationId: null,
            requestId: null,
            ipAddress: null,
            userAgent: null,
            detail: null,
            createdAt: at(day),
          })
          .execute();
      }
      t.clock.set(new Date(at(40)));
      const result = await t.auth.deleteExpired();
      const left = (await t.database.db.selectFrom("securityEvent").select("id").orderBy("id").execute()).map((r) => r.id);
      if (retentionDays === 30) {
        // "edge" is exactly 30 days old: kept; only what is older goes.
        expect(result.securityEvents).toBe(1);
        expect(left).toEqual(["edge", "new"]);
      } else {
        expect(result.securityEvents).toBe(0);
        expect(left).toEqual(["edge", "new", "old"]);
      }
      await t.destroy();
    }
  });
});
