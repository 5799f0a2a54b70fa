/**
 * Security review: the audit log never shows one organization's or person's rows to another.
 * A person who is an admin of one organization and a member of another, a removed admin, a
 * cursor carried into another scope, an unbounded time range, the export.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APIError } from "@gatehouse/auth-core";
import { createTestAuth, testDialects, type TestAuth, seedOrganization, signUpPerson, type TestPerson } from "@gatehouse/auth-core/testing";
import { createProduct, type Product } from "../src/product/index.js";
import type { AuditEventView } from "../src/shared/audit-views.js";

describe.each(testDialects())("audit scopes on %s", (dialect) => {
  let t: TestAuth;
  let product: Product;
  let adam: TestPerson;
  let mia: TestPerson;
  let eve: TestPerson;
  let acme: string;
  let beta: string;

  async function seed(id: string, userId: string, type: string, organizationId: string | null, createdAt: string): Promise<void> {
    await t.database.db
      .insertInto("securityEvent")
      .values({
        id,
        userId,
        type: type as "sign-in",
        outcome: "success",
        method: null,
        organizationId,
        requestId: null,
        ipAddress: null,
        userAgent: null,
        detail: null,
        createdAt,
      })
      .execute();
  }

  async function idsOf(run: () => Promise<{ items: AuditEventView[] }>): Promise<string[]> {
    return (await run()).items.map((e) => e.id).filter((id) => id.startsWith("seed-"));
  }

  async function codeOf(promise: Promise<unknown>): Promise<string | null> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    return error instanceof APIError ? error.code : null;
  }

  beforeAll(async () => {
    t = await createTestAuth({ dialect, now: new Date("2026-02-01T00:00:00.000Z"), options: { rateLimit: { enabled: false } } });
    product = createProduct(t.auth);
    adam = await signUpPerson(t.auth, "Adam", "adam@example.com");
    mia = await signUpPerson(t.auth, "Mia", "mia@example.com");
    eve = await signUpPerson(t.auth, "Eve", "eve@example.com");
    // Adam: admin of Acme, member of Beta. Mia: member of both. Eve: owner of Beta only.
    acme = (await seedOrganization(t.auth, { [adam.userId]: "admin", [mia.userId]: "member" })).organizationId;
    beta = (await seedOrganization(t.auth, { [eve.userId]: "owner", [adam.userId]: "member", [mia.userId]: "member" })).organizationId;
    await seed("seed-x1", mia.userId, "sign-in", null, "2026-03-01T10:00:00.000Z");
    await seed("seed-x2", mia.userId, "member-left", beta, "2026-03-01T11:00:00.000Z");
    await seed("seed-x3", adam.userId, "member-invited", beta, "2026-03-01T12:00:00.000Z");
    await seed("seed-x4", eve.userId, "sign-in", null, "2026-03-01T13:00:00.000Z");
    await seed("seed-x5", adam.userId, "member-invited", acme, "2026-03-01T14:00:00.000Z");
    t.clock.set(new Date("2026-03-05T00:00:00.000Z"));
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("an admin of one organization sees its rows and its members' personal ones, nothing of the other organization", async () => {
    const all = { scope: "organization" as const, from: new Date("1970-01-01T00:00:00.000Z"), to: new Date("9999-01-01T00:00:00.000Z") };
    expect(await idsOf(() => product.audit.events({ userId: adam.userId, activeOrganizationId: acme }, all))).toEqual(["seed-x5", "seed-x1"]);
  });

  it("the same person with the other organization active, where they are a member only, is refused", async () => {
    expect(await codeOf(product.audit.events({ userId: adam.userId, activeOrganizationId: beta }, { scope: "organization" }))).toBe(
      "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG",
    );
    expect(
      await codeOf(
        product.audit.analytics(
          { userId: adam.userId, activeOrganizationId: beta },
          { scope: "organization", from: new Date("2026-03-01"), to: new Date("2026-03-02") },
        ),
      ),
    ).toBe("YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG");
    expect(await codeOf(product.audit.exportEvents({ userId: adam.userId, activeOrganizationId: beta }, { scope: "organization" }).next())).toBe(
      "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG",
    );
  });

  it("a cursor from the organization's log carried into a person's own log pages only that person's rows", async () => {
    const first = await product.audit.events({ userId: adam.userId, activeOrganizationId: acme }, { scope: "organization", limit: 1 });
    expect(first.nextCursor).not.toBeNull();
    const mine = await idsOf(() => product.audit.events({ userId: eve.userId, activeOrganizationId: null }, { scope: "self", cursor: first.nextCursor! }));
    expect(mine).toEqual(["seed-x4"]);
    const forged = Buffer.from(JSON.stringify(["9999-12-31T00:00:00.000Z", "zzzz"]), "utf8").toString("base64url");
    expect(await idsOf(() => product.audit.events({ userId: eve.userId, activeOrganizationId: null }, { scope: "self", cursor: forged }))).toEqual(["seed-x4"]);
  });

  it("an admin removed from the organization no longer reads its log", async () => {
    await t.database.db.deleteFrom("member").where("organizationId", "=", acme).where("userId", "=", adam.userId).execute();
    expect(await codeOf(product.audit.events({ userId: adam.userId, activeOrganizationId: acme }, { scope: "organization" }))).toBe(
      "YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG",
    );
  });
});
