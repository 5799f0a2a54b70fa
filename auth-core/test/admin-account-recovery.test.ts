import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createRecordingMailer,
  createTestAuth,
  createTestBrowser,
  settledMailedLink,
  signUpPerson,
  testDialects,
  totpCodeFor,
  type RecordingMailer,
  type TestAuth,
  type TestBrowser,
  type TestPerson,
} from "../testing/index.js";
import { expectError, sessionCount, signUpAdmin } from "./admin-support.js";

const PASSWORD = "correct horse battery";

/**
 * An admin recovering someone's account (a new address, a new password) closes what the person's own
 * change-email and change-password close: reset links mailed before, the sessions opened under the
 * address the account leaves, and browsers trusted to skip two-factor.
 */
describe.each(testDialects())("admin account recovery on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let admin: TestPerson;
  beforeEach(async () => {
    mailer = createRecordingMailer();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, mailer, twoFactor: { enabled: true } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
  });
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  /** A reset link mailed to `email`, as whoever reads that mailbox asks for it. */
  async function resetToken(email: string): Promise<string> {
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" })).status).toBe(200);
    return (await settledMailedLink(t.auth, mailer.messages, "/reset-password/", email)).pathname.split("/").pop()!;
  }

  async function signedIn(browser: TestBrowser): Promise<boolean> {
    return (await (await browser.get("/get-session")).json()) !== null;
  }

  it("moving a person to a new address ends the reset links mailed to the old one and the sessions opened under it", async () => {
    const ivy = await signUpPerson(t.auth, "Ivy", "ivy-old@example.com");
    const token = await resetToken("ivy-old@example.com");
    const moved = await admin.browser.post("/admin/update-user", { userId: ivy.userId, data: { email: "ivy-new@example.com", emailVerified: true } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await signedIn(ivy.browser)).toBe(false);
    expect(await sessionCount(t, ivy.userId)).toBe(0);
    await expectError(await createTestBrowser(t.auth).post("/reset-password", { newPassword: "attacker picked larch", token }), 400, "INVALID_TOKEN");
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: "ivy-new@example.com", password: PASSWORD })).status).toBe(200);

    // Another field alone ends nothing; an admin moving their own address keeps the session they act in.
    const other = await signUpPerson(t.auth, "Other", "other@example.com");
    const otherToken = await resetToken("other@example.com");
    expect((await admin.browser.post("/admin/update-user", { userId: other.userId, data: { name: "Renamed" } })).status).toBe(200);
    expect(await signedIn(other.browser)).toBe(true);
    const elsewhere = createTestBrowser(t.auth);
    expect((await elsewhere.post("/sign-in/email", { email: "ada@example.com", password: PASSWORD })).status).toBe(200);
    expect((await admin.browser.post("/admin/update-user", { userId: admin.userId, data: { email: "ada-new@example.com" } })).status).toBe(200);
    expect(await signedIn(admin.browser)).toBe(true);
    expect(await signedIn(elsewhere)).toBe(false);
    expect((await createTestBrowser(t.auth).post("/reset-password", { newPassword: "other chose this larch", token: otherToken })).status).toBe(200);
  });

  it("a password set by an admin ends earlier reset links and the browsers trusted to skip two-factor", async () => {
    const email = "pat@example.com";
    const pat = await signUpPerson(t.auth, "Pat", email);
    const enabled = await pat.browser.post("/two-factor/enable", { password: PASSWORD });
    const { totpURI } = (await enabled.json()) as { totpURI: string };
    expect((await pat.browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()) })).status).toBe(200);
    t.clock.advance(30_000);
    const trusted = createTestBrowser(t.auth);
    expect(await (await trusted.post("/sign-in/email", { email, password: PASSWORD })).json()).toMatchObject({ twoFactorRedirect: true });
    expect((await trusted.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()), trustDevice: true })).status).toBe(200);
    await trusted.post("/sign-out");
    const token = await resetToken(email);

    expect((await admin.browser.post("/admin/set-user-password", { userId: pat.userId, newPassword: "support gave this larch" })).status).toBe(200);
    await expectError(await createTestBrowser(t.auth).post("/reset-password", { newPassword: "attacker picked larch", token }), 400, "INVALID_TOKEN");
    expect(await (await trusted.post("/sign-in/email", { email, password: "support gave this larch" })).json()).toMatchObject({ twoFactorRedirect: true });
  });
});
