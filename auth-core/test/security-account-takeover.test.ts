import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMail, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * Account takeover, as a security review tried it: a stale session (a laptop left signed in, a
 * cookie stolen days ago) must not move the account to another mailbox or give it a password; the owner is told of
 * every change to how the account is reached; a reset proves the mailbox and a password change
 * voids the reset links mailed before it.
 */
const DAY = 24 * 60 * 60 * 1000;

/** Notices and reset links go out after the answer: once the service's work after the answer has ended, the mail is there. */
function mailTo(auth: TestAuth["auth"], mails: MailMessage[], to: string, subject: RegExp): Promise<MailMessage> {
  return settledMail(auth, mails, (m) => m.to === to && subject.test(m.subject), `"${subject.source}" to ${to}`);
}

function linksIn(mail: MailMessage): string[] {
  return mail.text.match(/https?:\/\/\S+/g) ?? [];
}

describe.each(testDialects())("account takeover defences on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(): Promise<void> {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async (m) => void mails.push(m) },
        emailVerification: { sendOnSignUp: false },
        user: { changeEmail: { enabled: true } },
        accountNotices: { reviewURL: "/settings" },
      },
    });
  }

  async function signUp(email: string): Promise<TestBrowser> {
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Owner", email, password: "larch-ribbon-123" })).status).toBe(200);
    return browser;
  }

  async function signIn(email: string): Promise<TestBrowser> {
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-in/email", { email, password: "larch-ribbon-123" })).status).toBe(200);
    return browser;
  }

  async function emailOf(): Promise<string> {
    return (await t.database.db.selectFrom("user").select("email").executeTakeFirstOrThrow()).email;
  }

  it("refuses change-email from a session older than freshAge, and the address stays", async () => {
    await setup();
    const stale = await signUp("owner@example.com");
    t.clock.advance(2 * DAY); // still signed in (7 days), no longer fresh (1 day)
    expect((await stale.get("/get-session")).status).toBe(200);
    const answer = await stale.post("/change-email", { newEmail: "attacker@example.net" });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "SESSION_NOT_FRESH" });
    expect(await emailOf()).toBe("owner@example.com");
    await t.auth.settled();
    expect(mails.filter((m) => m.to === "attacker@example.net")).toEqual([]);
  });

  it("refuses set-password from a stale session, through the server-only API as well", async () => {
    await setup();
    const stale = await signUp("owner@example.com");
    // A person without a password (as after a Google or passkey sign-up).
    await t.database.db.updateTable("account").set({ password: null }).execute();
    t.clock.advance(2 * DAY);
    const headers = new Headers({ cookie: stale.cookieHeader() });
    await expect(t.auth.api.setPassword({ body: { newPassword: "attacker-pass-1" }, headers })).rejects.toMatchObject({
      status: 403,
      code: "SESSION_NOT_FRESH",
    });
    const account = await t.database.db.selectFrom("account").select("password").executeTakeFirstOrThrow();
    expect(account.password).toBeNull();
  });

  it("a fresh direct change ends the other sessions, keeps this one, and tells the old address", async () => {
    await setup();
    const owner = await signUp("owner@example.com");
    const laptop = await signIn("owner@example.com");
    expect((await owner.post("/change-email", { newEmail: "new@example.com" })).status).toBe(200);
    expect(await emailOf()).toBe("new@example.com");

    expect(await (await laptop.get("/get-session")).json()).toBeNull();
    expect(await (await owner.get("/get-session")).json()).toMatchObject({ user: { email: "new@example.com" } });

    const notice = await mailTo(t.auth, mails, "owner@example.com", /email address .* was changed/);
    expect(notice.text).toContain("new@example.com");
    // Nothing in it that acts on the account: only the review page.
    expect(linksIn(notice)).toEqual(["http://localhost:3000/settings"]);
    expect(notice.html).not.toMatch(/token=|\/api\/auth\//);
  });

  it("a confirmed change of a verified address ends the other sessions and tells the old address", async () => {
    await setup();
    const owner = await signUp("owner@example.com");
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).execute();
    const laptop = await signIn("owner@example.com");
    expect((await owner.post("/change-email", { newEmail: "new@example.com" })).status).toBe(200);
    // Until the confirmation, nothing has changed.
    expect((await (await laptop.get("/get-session")).json()) as unknown).not.toBeNull();

    const confirm = await mailTo(t.auth, mails, "owner@example.com", /Confirm your new email/);
    const link = new URL(linksIn(confirm)[0]!);
    expect((await owner.get(`${link.pathname.replace("/api/auth", "")}${link.search}`)).status).toBe(302);
    expect(await emailOf()).toBe("new@example.com");
    expect(await (await laptop.get("/get-session")).json()).toBeNull();
    expect(await (await owner.get("/get-session")).json()).toMatchObject({ user: { email: "new@example.com" } });
    await mailTo(t.auth, mails, "owner@example.com", /email address .* was changed/);
  });

  it("tells the owner when the password is changed, and never the requester anything more", async () => {
    await setup();
    const owner = await signUp("owner@example.com");
    const answer = await owner.post("/change-password", { currentPassword: "larch-ribbon-123", newPassword: "larch-ribbon-456" });
    expect(answer.status).toBe(200);
    const notice = await mailTo(t.auth, mails, "owner@example.com", /password was changed/);
    expect(linksIn(notice)).toEqual(["http://localhost:3000/settings"]);
    expect(notice.text).not.toContain("larch-ribbon-456");
  });

  it("tells the owner when a first password is set", async () => {
    await setup();
    const owner = await signUp("owner@example.com");
    await t.database.db.updateTable("account").set({ password: null }).execute();
    await t.auth.api.setPassword({ body: { newPassword: "larch-ribbon-789" }, headers: new Headers({ cookie: owner.cookieHeader() }) });
    await mailTo(t.auth, mails, "owner@example.com", /A password was added/);
  });

  it("a completed reset marks the address verified and tells the owner", async () => {
    await setup();
    await signUp("owner@example.com");
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email: "owner@example.com", redirectTo: "/reset" })).status).toBe(200);
    const mail = await mailTo(t.auth, mails, "owner@example.com", /Reset your/);
    const token = new URL(linksIn(mail)[0]!).pathname.split("/").at(-1)!;
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "larch-ribbon-456" })).status).toBe(200);

    const user = await t.database.db.selectFrom("user").select("emailVerified").executeTakeFirstOrThrow();
    expect(Number(user.emailVerified)).toBe(1);
    await mailTo(t.auth, mails, "owner@example.com", /password was reset/);
  });

  it("a password change voids the reset links mailed before it", async () => {
    await setup();
    const owner = await signUp("owner@example.com");
    await createTestBrowser(t.auth).post("/request-password-reset", { email: "owner@example.com", redirectTo: "/reset" });
    const mail = await mailTo(t.auth, mails, "owner@example.com", /Reset your/);
    const token = new URL(linksIn(mail)[0]!).pathname.split("/").at(-1)!;
    expect((await owner.post("/change-password", { currentPassword: "larch-ribbon-123", newPassword: "larch-ribbon-456" })).status).toBe(200);

    const reset = await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "taken-over-1" });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("autoSignInAfterVerification signs in only a browser without a session, never over an anonymous one", async () => {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async (m) => void mails.push(m) },
        emailVerification: { sendOnSignUp: true, autoSignInAfterVerification: true },
        anonymous: { enabled: true },
      },
    });
    await signUp("owner@example.com");
    const mail = await mailTo(t.auth, mails, "owner@example.com", /Verify your email/);
    const link = new URL(linksIn(mail)[0]!);
    const path = `${link.pathname.replace("/api/auth", "")}${link.search}`;

    // An anonymous visitor who follows the link keeps being anonymous: nothing is handed over.
    const visitor = createTestBrowser(t.auth);
    expect((await visitor.post("/sign-in/anonymous")).status).toBe(200);
    const anonymous = (await (await visitor.get("/get-session")).json()) as { user: { id: string } };
    expect((await visitor.get(path)).status).toBe(302);
    expect(await (await visitor.get("/get-session")).json()).toMatchObject({ user: { id: anonymous.user.id } });
    const verified = await t.database.db.selectFrom("user").select("emailVerified").where("email", "=", "owner@example.com").executeTakeFirstOrThrow();
    expect(Number(verified.emailVerified)).toBe(1);

    // A browser with no session at all is signed in by a fresh link.
    await t.database.db.updateTable("user").set({ emailVerified: 0 }).where("email", "=", "owner@example.com").execute();
    const owner = createTestBrowser(t.auth);
    mails.length = 0;
    await owner.post("/send-verification-email", { email: "owner@example.com" });
    const again = new URL(linksIn(await mailTo(t.auth, mails, "owner@example.com", /Verify your email/))[0]!);
    const followed = await owner.get(`${again.pathname.replace("/api/auth", "")}${again.search}`);
    expect(followed.headers.getSetCookie().join()).toMatch(/session_token=[^;]/);
    expect(await (await owner.get("/get-session")).json()).toMatchObject({ user: { email: "owner@example.com" } });
  });

  it("sends no notice when notices are off", async () => {
    // Its own mailbox: a late mail of an earlier test cannot land in it.
    const own: MailMessage[] = [];
    t = await createTestAuth({
      dialect,
      options: { rateLimit: { enabled: false }, mailer: { send: async (m) => void own.push(m) }, accountNotices: { enabled: false } },
    });
    const owner = await signUp("owner@example.com");
    expect((await owner.post("/change-password", { currentPassword: "larch-ribbon-123", newPassword: "larch-ribbon-456" })).status).toBe(200);
    await t.auth.settled();
    expect(own).toEqual([]);
  });
});
