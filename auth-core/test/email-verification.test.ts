import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AuthOptions } from "../src/options.js";
import {
  authPath,
  createTestAuth,
  createTestBrowser,
  findLink,
  startTestSMTPServer,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestSMTPServer,
} from "../testing/index.js";

const HOUR = 60 * 60 * 1000;
let smtp: TestSMTPServer;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});

/** A delivered link, as a path below /api/auth for the test browser. */

describe.each(testDialects())("email verification on %s", (dialect) => {
  let t: TestAuth;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;

  async function setup(options: Partial<Omit<AuthOptions, "database">> = {}): Promise<void> {
    t = await createTestAuth({ dialect, options: { mailer: smtp.mailer, rateLimit: { enabled: false }, ...options } });
  }
  async function signUp(browser: TestBrowser, email: string, extra: Record<string, unknown> = {}): Promise<Response> {
    return browser.post("/sign-up/email", { name: "Ada", email, password: "correct horse", ...extra });
  }
  async function emailVerified(email: string): Promise<boolean | undefined> {
    const row = await t.database.db.selectFrom("user").select("emailVerified").where("email", "=", email).executeTakeFirst();
    return row ? row.emailVerified === 1 : undefined;
  }

  beforeEach(() => smtp.setRejecting(false));
  afterEach(async () => {
    smtp.setRejecting(false);
    await t.destroy();
  });

  it("mails a link on sign-up that verifies the address when followed", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const browser = createTestBrowser(t.auth);
    const email = address("ada");
    expect((await signUp(browser, email, { callbackURL: "/dashboard" })).status).toBe(200);

    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe("Verify your email address for Gatehouse");
    const link = findLink(mail, "/verify-email");
    expect(link.origin).toBe(TEST_BASE_URL);
    expect(link.pathname).toBe("/api/auth/verify-email");
    expect(link.searchParams.get("callbackURL")).toBe("/dashboard");
    expect(mail.html).toContain(link.toString().replace(/&/g, "&amp;"));
    // HS256 JWT whose payload is the address (spec §3).
    const [header, payload] = link.searchParams.get("token")!.split(".");
    expect(JSON.parse(Buffer.from(header!, "base64url").toString())).toMatchObject({ alg: "HS256" });
    expect(JSON.parse(Buffer.from(payload!, "base64url").toString())).toMatchObject({ email });

    expect(await emailVerified(email)).toBe(false);
    const followed = await browser.get(authPath(link));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/dashboard");
    expect(await emailVerified(email)).toBe(true);
    const session = (await (await browser.get("/get-session")).json()) as { user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);

    const events = await t.database.db.selectFrom("securityEvent").select(["type", "outcome"]).execute();
    expect(events).toEqual(
      expect.arrayContaining([
        { type: "sign-up", outcome: "success" },
        { type: "email-verified", outcome: "success" },
      ]),
    );
  });

  it("answers status and user as JSON without a callbackURL, and the token works once", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const browser = createTestBrowser(t.auth);
    const email = address("once");
    await signUp(browser, email);
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    link.searchParams.delete("callbackURL");
    const first = await browser.get(authPath(link));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ status: true, user: { email, emailVerified: true } });
    const again = await browser.get(authPath(link));
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ code: "INVALID_TOKEN", message: "invalid_token" });
  });

  it("stores only a hash of the token's id and removes the record once expired", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const email = address("hash");
    await signUp(createTestBrowser(t.auth), email);
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    const jti = JSON.parse(Buffer.from(link.searchParams.get("token")!.split(".")[1]!, "base64url").toString()).jti as string;
    const rows = await t.database.db.selectFrom("verification").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.identifier).toMatch(/^email-verification:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(rows)).not.toContain(jti);
    t.clock.advance(HOUR + 1000);
    expect(await t.auth.deleteExpired()).toMatchObject({ verifications: 1 });
  });

  it("reports token_expired after the configured lifetime, on the callback or as 401", async () => {
    await setup({ emailVerification: { sendOnSignUp: true, expiresIn: 600 } });
    const browser = createTestBrowser(t.auth);
    const email = address("late");
    await signUp(browser, email, { callbackURL: "/welcome?tab=1" });
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    t.clock.advance(601 * 1000);
    const redirected = await browser.get(authPath(link));
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get("location")).toBe("/welcome?tab=1&error=token_expired");
    link.searchParams.delete("callbackURL");
    const plain = await browser.get(authPath(link));
    expect(plain.status).toBe(401);
    expect(await plain.json()).toEqual({ code: "TOKEN_EXPIRED", message: "token_expired" });
    expect(await emailVerified(email)).toBe(false);
  });

  it("accepts the token until just before the configured lifetime ends", async () => {
    await setup({ emailVerification: { sendOnSignUp: true, expiresIn: 600 } });
    const browser = createTestBrowser(t.auth);
    const email = address("ontime");
    await signUp(browser, email);
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    t.clock.advance(599 * 1000);
    expect((await browser.get(authPath(link))).status).toBe(302);
    expect(await emailVerified(email)).toBe(true);
  });

  it("refuses a tampered token, another kind of token and a token whose user is gone", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    const browser = createTestBrowser(t.auth);
    const email = address("tamper");
    await signUp(browser, email);
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    const token = link.searchParams.get("token")!;
    const [header, payload, signature] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, email: "mallory@example.com" })).toString("base64url");
    const cases = [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature!.slice(0, -2)}AA`,
      `${Buffer.from(JSON.stringify({ alg: "none" })).toString("base64url")}.${payload}.`,
      "reset-token-of-24-chars0",
    ];
    for (const bad of cases) {
      const response = await browser.get(`/verify-email?token=${encodeURIComponent(bad)}&callbackURL=/done`);
      expect(response.headers.get("location")).toBe("/done?error=invalid_token");
    }
    expect(await emailVerified(email)).toBe(false);

    await t.database.db.deleteFrom("user").where("email", "=", email).execute();
    const gone = await browser.get(authPath(link));
    expect(gone.headers.get("location")).toBe("/?error=user_not_found");
  });

  it("requires verification on sign-in, mails a fresh link, and signs in after verification", async () => {
    await setup({ emailVerification: { requireEmailVerification: true, sendOnSignIn: true, autoSignInAfterVerification: true } });
    const browser = createTestBrowser(t.auth);
    const email = address("strict");
    const signedUp = (await (await signUp(browser, email)).json()) as { token: string | null };
    expect(signedUp.token).toBeNull();
    await smtp.waitForMail(email); // sendOnSignUp defaults to requireEmailVerification

    const refused = await browser.post("/sign-in/email", { email, password: "correct horse" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
    const fresh = await smtp.waitForMail(email);

    const other = createTestBrowser(t.auth);
    const followed = await other.get(authPath(findLink(fresh, "/verify-email")));
    expect(followed.status).toBe(302);
    expect(followed.headers.getSetCookie().join()).toMatch(/gatehouse\.session_token=/);
    const session = (await (await other.get("/get-session")).json()) as { user: { email: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email, emailVerified: true });
    expect((await browser.post("/sign-in/email", { email, password: "correct horse" })).status).toBe(200);
  });

  it("sends no mail on sign-in unless sendOnSignIn is set", async () => {
    await setup({ emailVerification: { requireEmailVerification: true, sendOnSignUp: false } });
    const browser = createTestBrowser(t.auth);
    const email = address("quiet");
    await signUp(browser, email);
    const before = smtp.received.length;
    expect((await browser.post("/sign-in/email", { email, password: "correct horse" })).status).toBe(403);
    expect(smtp.received.length).toBe(before);
  });

  it("sends on request: only to an unverified address, and a signed-in user only to their own", async () => {
    await setup({ emailVerification: { sendOnSignUp: false } });
    const browser = createTestBrowser(t.auth);
    const email = address("asker");
    await signUp(browser, email);

    const wrong = await browser.post("/send-verification-email", { email: address("someone") });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()) as object).toMatchObject({ message: "You can only send a verification email to your own email" });

    const own = await browser.post("/send-verification-email", { email: email.toUpperCase(), callbackURL: "/settings" });
    expect(await own.json()).toEqual({ status: true });
    const link = findLink(await smtp.waitForMail(email), "/verify-email");
    expect(link.searchParams.get("callbackURL")).toBe("/settings");
    await browser.get(authPath(link));

    const verified = await browser.post("/send-verification-email", { email });
    expect(verified.status).toBe(400);
    expect((await verified.json()) as object).toMatchObject({ message: "You can only send a verification email to an unverified email" });
  });

  it("answers the same without a session whether or not the address is known", async () => {
    await setup({ emailVerification: { sendOnSignUp: false } });
    const email = address("known");
    await signUp(createTestBrowser(t.auth), email);
    const anonymous = createTestBrowser(t.auth);
    const before = smtp.received.length;
    const unknown = await anonymous.post("/send-verification-email", { email: address("nobody") });
    expect(await unknown.json()).toEqual({ status: true });
    expect(smtp.received.length).toBe(before);
    const known = await anonymous.post("/send-verification-email", { email });
    expect(await known.json()).toEqual({ status: true });
    expect((await smtp.waitForMail(email)).subject).toContain("Verify");
    const invalid = await anonymous.post("/send-verification-email", { email: "not-an-email" });
    expect(await invalid.json()).toEqual({ code: "INVALID_EMAIL", message: "Invalid email" });
  });

  it("says verification email isn't enabled when it is switched off", async () => {
    await setup({ emailVerification: { enabled: false } });
    const response = await createTestBrowser(t.auth).post("/send-verification-email", { email: address("off") });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Verification email isn't enabled");
  });

  it("refuses an untrusted callbackURL", async () => {
    await setup();
    const response = await createTestBrowser(t.auth).post("/send-verification-email", { email: address("x"), callbackURL: "https://evil.example/" });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe("Invalid callbackURL");
  });

  it("gives a clear error and leaves nothing behind when the mail cannot be sent", async () => {
    await setup({ emailVerification: { sendOnSignUp: true } });
    smtp.setRejecting(true);
    const browser = createTestBrowser(t.auth);
    const email = address("bounce");
    const signUpAnswer = await signUp(browser, email);
    expect(signUpAnswer.status).toBe(503);
    expect(await signUpAnswer.json()).toEqual({ code: "FAILED_TO_SEND_EMAIL", message: "Failed to send email. Please try again later." });
    expect(await emailVerified(email)).toBeUndefined();
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);
    expect(browser.cookies.size).toBe(0);

    smtp.setRejecting(false);
    expect((await signUp(browser, email)).status).toBe(200);
    await smtp.waitForMail(email);
    smtp.setRejecting(true);
    const resend = await browser.post("/send-verification-email", { email });
    expect(resend.status).toBe(503);
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toHaveLength(1);
    // A mail is not a change to the account: the audit log holds no row for the refused resend.
    const failures = await t.database.db.selectFrom("securityEvent").select("type").where("outcome", "=", "failure").execute();
    expect(failures).toEqual([]);
  });
});
