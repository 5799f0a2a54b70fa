import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { APIError } from "../src/errors.js";
import type { AuthOptions } from "../src/options.js";
import type { UserRow } from "../src/store/database.js";
import {
  authPath,
  createTestAuth,
  createTestBrowser,
  findLink,
  startTestSMTPServer,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestSMTPServer,
} from "../testing/index.js";

const DAY = 24 * 60 * 60 * 1000;
let smtp: TestSMTPServer;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});

describe.each(testDialects())("account deletion on %s", (dialect) => {
  let t: TestAuth;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;

  async function setup(deleteUser: NonNullable<NonNullable<AuthOptions["user"]>["deleteUser"]> = { enabled: true }): Promise<void> {
    t = await createTestAuth({ dialect, options: { mailer: smtp.mailer, rateLimit: { enabled: false }, user: { deleteUser } } });
  }
  async function signedIn(email: string): Promise<{ browser: TestBrowser; userId: string }> {
    const browser = createTestBrowser(t.auth);
    const answer = await browser.post("/sign-up/email", { name: "Ed", email, password: "a larch ribbon" });
    const { user } = (await answer.json()) as { user: { id: string } };
    return { browser, userId: user.id };
  }

  /** Rows in every table that belong to the user (the user row included). */
  async function rowsOf(userId: string): Promise<Record<string, number>> {
    const db = t.database.db;
    const count = async (rows: Promise<unknown[]>): Promise<number> => (await rows).length;
    return {
      user: await count(db.selectFrom("user").select("id").where("id", "=", userId).execute()),
      session: await count(db.selectFrom("session").select("id").where("userId", "=", userId).execute()),
      account: await count(db.selectFrom("account").select("id").where("userId", "=", userId).execute()),
      passkey: await count(db.selectFrom("passkey").select("id").where("userId", "=", userId).execute()),
      member: await count(db.selectFrom("member").select("id").where("userId", "=", userId).execute()),
      teamMember: await count(db.selectFrom("teamMember").select("id").where("userId", "=", userId).execute()),
      invitation: await count(db.selectFrom("invitation").select("id").where("inviterId", "=", userId).execute()),
      verification: await count(db.selectFrom("verification").select("id").where("value", "=", userId).execute()),
      securityEvent: await count(db.selectFrom("securityEvent").select("id").where("userId", "=", userId).execute()),
    };
  }

  /** Gives the user a passkey, an organization membership, a team membership and a sent invitation. */
  async function seedBelongings(userId: string, tag: string): Promise<void> {
    const db = t.database.db;
    const now = t.clock.now().toISOString();
    await db
      .insertInto("passkey")
      .values({
        id: `pk-${tag}`,
        name: "laptop",
        publicKey: "pk",
        userId,
        credentialID: `cred-${tag}`,
        counter: 0,
        deviceType: "singleDevice",
        backedUp: 0,
        transports: null,
        aaguid: null,
        createdAt: now,
      })
      .execute();
    await db
      .insertInto("organization")
      .values({ id: `org-${tag}`, name: "Acme", slug: `acme-${tag}`, logo: null, metadata: null, plan: null, createdAt: now })
      .execute();
    await db
      .insertInto("member")
      .values({ id: `m-${tag}`, organizationId: `org-${tag}`, userId, role: "owner", createdAt: now })
      .execute();
    await db
      .insertInto("team")
      .values({ id: `team-${tag}`, name: "Core", organizationId: `org-${tag}`, createdAt: now, updatedAt: null })
      .execute();
    await db
      .insertInto("teamMember")
      .values({ id: `tm-${tag}`, teamId: `team-${tag}`, userId, createdAt: now })
      .execute();
    await db
      .insertInto("invitation")
      .values({
        id: `inv-${tag}`,
        organizationId: `org-${tag}`,
        email: "guest@example.com",
        role: "member",
        status: "pending",
        teamId: null,
        inviterId: userId,
        expiresAt: now,
        createdAt: now,
      })
      .execute();
  }

  const NOTHING = { user: 0, session: 0, account: 0, passkey: 0, member: 0, teamMember: 0, invitation: 0, verification: 0, securityEvent: 0 };

  beforeEach(() => smtp.setRejecting(false));
  afterEach(async () => {
    smtp.setRejecting(false);
    await t.destroy();
  });

  it("deletes with the password: every row of the user goes, other users stay", async () => {
    await setup();
    const email = address("ed");
    const { browser, userId } = await signedIn(email);
    const second = createTestBrowser(t.auth);
    expect((await second.post("/sign-in/email", { email, password: "a larch ribbon" })).status).toBe(200);
    const other = await signedIn(address("other"));
    await seedBelongings(userId, "a");
    await seedBelongings(other.userId, "b");
    const before = await rowsOf(userId);
    expect(before).toMatchObject({ user: 1, session: 2, account: 1, passkey: 1, member: 1, teamMember: 1, invitation: 1 });

    const wrong = await browser.post("/delete-user", { password: "not it at all" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "INVALID_PASSWORD", message: "Invalid password" });
    expect((await rowsOf(userId)).user).toBe(1);

    const answer = await browser.post("/delete-user", { password: "a larch ribbon" });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ success: true, message: "User deleted" });
    expect(answer.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    expect(await rowsOf(userId)).toEqual(NOTHING);
    expect(await rowsOf(other.userId)).toMatchObject({ user: 1, session: 1, account: 1, passkey: 1, member: 1, teamMember: 1, invitation: 1 });
    // The log keeps both attempts, with the user id cleared.
    const deleted = await t.database.db
      .selectFrom("securityEvent")
      .select(["userId", "outcome"])
      .where("type", "=", "account-deleted")
      .orderBy("outcome")
      .execute();
    expect(deleted).toEqual([
      { userId: null, outcome: "failure" },
      { userId: null, outcome: "success" },
    ]);
    expect(await (await browser.get("/get-session")).text()).toBe("null");
    expect(await (await second.get("/get-session")).text()).toBe("null");
  });

  it("deletes with a fresh session only, and answers SESSION_EXPIRED once it is stale", async () => {
    await setup();
    const fresh = await signedIn(address("fresh"));
    expect(await (await fresh.browser.post("/delete-user", {})).json()).toEqual({ success: true, message: "User deleted" });
    expect((await rowsOf(fresh.userId)).user).toBe(0);

    const stale = await signedIn(address("stale"));
    t.clock.advance(DAY + 1000);
    const refused = await stale.browser.post("/delete-user", {});
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: "SESSION_EXPIRED", message: "Session expired. Re-authenticate to perform this action." });
    expect((await rowsOf(stale.userId)).user).toBe(1);
    expect(await (await stale.browser.post("/delete-user", { password: "a larch ribbon" })).json()).toEqual({ success: true, message: "User deleted" });
  });

  it("confirms through a mailed link that works once, for the signed-in owner only", async () => {
    const calls: string[] = [];
    await setup({
      enabled: true,
      sendDeleteAccountVerification: true,
      beforeDelete: (user: UserRow) => void calls.push(`before:${user.email}`),
      afterDelete: (user: UserRow) => void calls.push(`after:${user.email}`),
    });
    const email = address("mailme");
    const { browser, userId } = await signedIn(email);
    await seedBelongings(userId, "c");
    const answer = await browser.post("/delete-user", { callbackURL: "/goodbye" });
    expect(await answer.json()).toEqual({ success: true, message: "Verification email sent" });
    expect((await rowsOf(userId)).user).toBe(1);

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe("Confirm the deletion of your Gatehouse account");
    const link = findLink(mail, "/delete-user/callback");
    const token = link.searchParams.get("token")!;
    expect(token).toMatch(/^[a-z0-9]{32}$/);
    const stored = await t.database.db.selectFrom("verification").select("identifier").execute();
    expect(stored.map((s) => s.identifier)).toEqual([expect.stringMatching(/^delete-account-[A-Za-z0-9_-]{43}$/)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await createTestBrowser(t.auth).get(authPath(link))).status).toBe(401);
    const stranger = await signedIn(address("stranger"));
    expect((await stranger.browser.get(authPath(link))).headers.get("location")).toBe("/goodbye?error=INVALID_TOKEN");
    expect(calls).toEqual([]);

    const followed = await browser.get(authPath(link));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/goodbye");
    expect(await rowsOf(userId)).toEqual(NOTHING);
    expect(calls).toEqual([`before:${email}`, `after:${email}`]);
    expect((await rowsOf(stranger.userId)).user).toBe(1);
    expect((await browser.get(authPath(link))).status).toBe(401);
  });

  it("accepts the mailed token in POST /delete-user, refuses a reused, expired or foreign token", async () => {
    await setup({ enabled: true, sendDeleteAccountVerification: true });
    const email = address("token");
    const { browser, userId } = await signedIn(email);
    await browser.post("/delete-user", {});
    const token = findLink(await smtp.waitForMail(email), "/delete-user/callback").searchParams.get("token")!;

    const resetAnswer = await browser.post("/request-password-reset", { email });
    expect(resetAnswer.status).toBe(200);
    const resetToken = findLink(await smtp.waitForMail(email), "/reset-password/")
      .pathname.split("/")
      .pop()!;
    for (const foreign of [resetToken, "a".repeat(32)]) {
      const refused = await browser.post("/delete-user", { token: foreign });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    }
    t.clock.advance(DAY - 1000);
    expect(await (await browser.post("/delete-user", { token })).json()).toEqual({ success: true, message: "User deleted" });
    expect(await rowsOf(userId)).toEqual(NOTHING);

    const lateEmail = address("late");
    const late = await signedIn(lateEmail);
    await late.browser.post("/delete-user", {});
    const lateToken = findLink(await smtp.waitForMail(lateEmail), "/delete-user/callback").searchParams.get("token")!;
    t.clock.advance(DAY + 1000);
    const expired = await late.browser.get(`/delete-user/callback?token=${lateToken}`);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    expect((await rowsOf(late.userId)).user).toBe(1);
  });

  it("lets beforeDelete refuse, keeping every row", async () => {
    await setup({
      enabled: true,
      beforeDelete: () => {
        throw APIError.custom(400, "OPEN_INVOICES", "Accounts with open invoices cannot be deleted");
      },
    });
    const { browser, userId } = await signedIn(address("kept"));
    const before = await rowsOf(userId);
    const refused = await browser.post("/delete-user", { password: "a larch ribbon" });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Accounts with open invoices cannot be deleted");
    expect(await rowsOf(userId)).toEqual(before);
  });

  it("answers 404 when deletion is disabled, 401 without a session, and 503 when the mail fails", async () => {
    await setup({ enabled: false });
    const { browser, userId } = await signedIn(address("nodelete"));
    const off = await browser.post("/delete-user", { password: "a larch ribbon" });
    expect(off.status).toBe(404);
    expect((await browser.get("/delete-user/callback?token=abc")).status).toBe(404);
    expect((await rowsOf(userId)).user).toBe(1);
    expect((await createTestBrowser(t.auth).post("/delete-user", {})).status).toBe(401);
    await t.destroy();

    await setup({ enabled: true, sendDeleteAccountVerification: true });
    const mailer = await signedIn(address("bounce"));
    smtp.setRejecting(true);
    const failed = await mailer.browser.post("/delete-user", {});
    expect(failed.status).toBe(503);
    expect(await failed.json()).toEqual({ code: "FAILED_TO_SEND_EMAIL", message: "Failed to send email. Please try again later." });
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);
    expect((await rowsOf(mailer.userId)).user).toBe(1);
  });
});
