import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import {
  authPath,
  createRecordingMailer,
  createSoftwareAuthenticator,
  createTestBrowser,
  settledMailedLink,
  signUpPerson,
  testDialects,
  totpCodeFor,
  type RecordingMailer,
  type TestAuth,
  type TestBrowser,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";
import type { AuthOptions } from "../src/options.js";
import { register } from "./passkey-support.js";
import { createSocialAuth, errorOf, person, runFlow, startSocialProvider } from "./social-harness.js";
import { PASSWORD, sessionEmail, turnOnTwoFactor, type TwoFactorEnrolment } from "./two-factor-support.js";

/**
 * Findings 1, 3, 5a and 5e of the third account-safety round: the second factor holds on every
 * way in. The mailbox alone (a reset, then a mailed code) no longer passes both steps; a provider
 * sign-in, an email-verification sign-in and a passkey without user verification end in the same
 * pending step as a password; a ban is refused before any step or mail; mailed codes are capped per
 * step and never put in a subject line.
 */
let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

const NEW_PASSWORD = "a brand new larch ribbon";

describe.each(testDialects())("the second factor on every way in, on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let counter = 0;
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  async function setup(options: Partial<Omit<AuthOptions, "database">> = {}): Promise<void> {
    mailer = createRecordingMailer();
    t = await createSocialAuth(dialect, idp, { mailer, rateLimit: { enabled: false }, twoFactor: { enabled: true }, ...options });
  }

  /**
   * A person with a password and two-factor on (the browser that set it up keeps its session).
   * The address is proven (as for an owner who verified it), unless `verified` is false: a first
   * proof of an address removes what was added before it (security-squatter-eviction.test.ts).
   */
  async function personWithTwoFactor({ verified = true } = {}): Promise<TestPerson & TwoFactorEnrolment> {
    const pat = await signUpPerson(t.auth, "Pat", `pat-${dialect}-${++counter}@example.com`);
    if (verified) await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", pat.userId).execute();
    return { ...pat, ...(await turnOnTwoFactor(t, pat.browser)) };
  }

  async function passwordSignIn(
    email: string,
    password = PASSWORD,
    browser = createTestBrowser(t.auth),
  ): Promise<{ browser: TestBrowser; body: unknown; status: number }> {
    const answer = await browser.post("/sign-in/email", { email, password });
    return { browser, status: answer.status, body: await answer.json() };
  }

  async function resetThroughTheMailbox(email: string): Promise<void> {
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" })).status).toBe(200);
    const token = (await settledMailedLink(t.auth, mailer.messages, "/reset-password/", email)).pathname.split("/").at(-1)!;
    mailer.messages.length = 0;
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: NEW_PASSWORD })).status).toBe(200);
    await t.auth.settled();
  }

  function codeMails(): string[] {
    return mailer.messages.filter((m) => /sign-in code is \d{6}/.test(m.text)).map((m) => /sign-in code is (\d{6})/.exec(m.text)![1]!);
  }

  async function signInRows(): Promise<Array<{ method: string | null; detail: string | null }>> {
    return t.database.db.selectFrom("securityEvent").select(["method", "detail"]).where("type", "=", "sign-in").where("outcome", "=", "success").execute();
  }

  it("finding 1: after a completed reset the mailed code is no second factor, until TOTP or a backup code passes the step", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    await resetThroughTheMailbox(pat.email);

    // Whoever holds the mailbox now knows the password: the step offers no mailed code.
    const attacker = await passwordSignIn(pat.email, NEW_PASSWORD);
    expect(attacker.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const sent = await attacker.browser.post("/two-factor/send-otp");
    expect(sent.status).toBe(400);
    expect(await sent.json()).toEqual({ code: "OTP_NOT_ENABLED", message: "OTP not enabled" });
    const guessed = await attacker.browser.post("/two-factor/verify-otp", { code: "123456" });
    expect(guessed.status).toBe(400);
    expect(await guessed.json()).toEqual({ code: "OTP_NOT_ENABLED", message: "OTP not enabled" });
    await t.auth.settled();
    expect(codeMails()).toEqual([]);
    expect(await sessionEmail(attacker.browser)).toBeNull();

    // The owner passes with the app: mailed codes count again from the next sign-in.
    const owner = await passwordSignIn(pat.email, NEW_PASSWORD);
    expect((await owner.browser.post("/two-factor/verify-totp", { code: totpCodeFor(pat.totpURI, t.clock.now()) })).status).toBe(200);
    const next = await passwordSignIn(pat.email, NEW_PASSWORD);
    expect(next.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect((await next.browser.post("/two-factor/send-otp")).status).toBe(200);
    await t.auth.settled();
    const [code] = codeMails();
    expect((await next.browser.post("/two-factor/verify-otp", { code })).status).toBe(200);
    expect(await sessionEmail(next.browser)).toBe(pat.email);

    // Another reset; a backup code lifts the hold the same way.
    await resetThroughTheMailbox(pat.email);
    const again = await passwordSignIn(pat.email, NEW_PASSWORD);
    expect(again.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect((await again.browser.post("/two-factor/verify-backup-code", { code: pat.backupCodes[0] })).status).toBe(200);
    expect((await passwordSignIn(pat.email, NEW_PASSWORD)).body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
  });

  it("finding 3: a Google sign-in of a two-factor person, the first implicit link included, ends in the pending step at /two-factor", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    idp.setPerson(person({ email: pat.email }));

    // The first Google sign-in links the account and stops at the second step.
    const first = createTestBrowser(t.auth);
    const flow = await runFlow(first, idp);
    expect(flow.callback.status).toBe(302);
    expect(flow.location).toBe("/two-factor?redirect=%2Fdashboard");
    expect(first.cookies.has("gatehouse.session_token")).toBe(false);
    expect(first.cookies.has("gatehouse.two_factor")).toBe(true);
    expect(await sessionEmail(first)).toBeNull();
    const accounts = await t.database.db.selectFrom("account").select("providerId").where("providerId", "=", "google").execute();
    expect(accounts).toHaveLength(1);

    expect((await first.post("/two-factor/verify-totp", { code: totpCodeFor(pat.totpURI, t.clock.now()) })).status).toBe(200);
    expect(await sessionEmail(first)).toBe(pat.email);
    expect(await signInRows()).toEqual([{ method: "google", detail: JSON.stringify({ secondFactor: "totp" }) }]);

    // Linked now: the same step; the redirect the sign-in named is kept.
    const second = createTestBrowser(t.auth);
    expect((await runFlow(second, idp, { callbackURL: "/settings?tab=security" })).location).toBe(
      `/two-factor?${new URLSearchParams({ redirect: "/settings?tab=security" })}`,
    );
    expect(second.cookies.has("gatehouse.session_token")).toBe(false);
    expect(await sessionEmail(second)).toBeNull();
  });

  it("finding 3: email verification's automatic sign-in of a two-factor person ends in the pending step", async () => {
    await setup({ emailVerification: { autoSignInAfterVerification: true } });
    const pat = await personWithTwoFactor({ verified: false });
    expect((await pat.browser.post("/send-verification-email", { email: pat.email, callbackURL: "/dashboard" })).status).toBe(200);
    const link = await settledMailedLink(t.auth, mailer.messages, "/verify-email", pat.email);
    const other = createTestBrowser(t.auth);
    const opened = await other.get(authPath(link));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/two-factor?redirect=%2Fdashboard");
    expect(other.cookies.has("gatehouse.session_token")).toBe(false);
    expect(await sessionEmail(other)).toBeNull();
    // The link proved the mailbox: a mailed code would prove the same mailbox twice.
    const send = await other.post("/two-factor/send-otp", {});
    expect(send.status).toBe(400);
    expect(((await send.json()) as { code: string }).code).toBe("OTP_NOT_ENABLED");
    expect((await other.post("/two-factor/verify-totp", { code: totpCodeFor(pat.totpURI, t.clock.now()) })).status).toBe(200);
    expect(await sessionEmail(other)).toBe(pat.email);
  });

  it("finding 3: a passkey without user verification is one factor and asks for the step; with it, none", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    const presence = createSoftwareAuthenticator({ userVerified: false });
    await register(pat.browser, presence);
    const device = createTestBrowser(t.auth);
    const options = (await (await device.post("/passkey/generate-authenticate-options", { email: pat.email })).json()) as PublicKeyCredentialRequestOptionsJSON;
    const answer = await device.post("/passkey/verify-authentication", { response: presence.getAssertion(options) });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp", "otp"] });
    expect(device.cookies.has("gatehouse.session_token")).toBe(false);
    expect((await device.post("/two-factor/verify-totp", { code: totpCodeFor(pat.totpURI, t.clock.now()) })).status).toBe(200);
    expect(await sessionEmail(device)).toBe(pat.email);
    expect(await signInRows()).toContainEqual({ method: "passkey", detail: JSON.stringify({ secondFactor: "totp" }) });

    const verified = createSoftwareAuthenticator();
    await register(pat.browser, verified);
    const other = createTestBrowser(t.auth);
    const again = (await (await other.post("/passkey/generate-authenticate-options", { email: pat.email })).json()) as PublicKeyCredentialRequestOptionsJSON;
    expect((await other.post("/passkey/verify-authentication", { response: verified.getAssertion(again) })).status).toBe(200);
    expect(await sessionEmail(other)).toBe(pat.email);
  });

  it("finding 5a: a banned two-factor person is refused at the first step of every way in: no pending step, no mailed code", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    idp.setPerson(person({ email: pat.email }));
    await t.database.db.updateTable("user").set({ banned: 1, banReason: "spam" }).where("email", "=", pat.email).execute();

    const byPassword = await passwordSignIn(pat.email);
    expect(byPassword.status).toBe(403);
    expect(byPassword.body).toMatchObject({ code: "BANNED_USER" });
    expect(byPassword.browser.cookies.has("gatehouse.two_factor")).toBe(false);
    expect((await byPassword.browser.post("/two-factor/send-otp")).status).toBe(401);

    const byGoogle = createTestBrowser(t.auth);
    expect(errorOf((await runFlow(byGoogle, idp)).location)).toBe("BANNED_USER");
    expect(byGoogle.cookies.has("gatehouse.two_factor")).toBe(false);
    const steps = await t.database.db.selectFrom("twoFactorChallenge").select("id").execute();
    expect(steps).toEqual([]);
    await t.auth.settled();
    expect(codeMails()).toEqual([]);
  });

  it("finding 5a: a ban set during the pending step refuses the mailed code and the step", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    const pending = await passwordSignIn(pat.email);
    expect(pending.body).toMatchObject({ twoFactorRedirect: true });
    await t.database.db.updateTable("user").set({ banned: 1 }).where("email", "=", pat.email).execute();
    const sent = await pending.browser.post("/two-factor/send-otp");
    expect(sent.status).toBe(403);
    expect(await sent.json()).toMatchObject({ code: "BANNED_USER" });
    expect((await pending.browser.post("/two-factor/verify-totp", { code: totpCodeFor(pat.totpURI, t.clock.now()) })).status).toBe(403);
    await t.auth.settled();
    expect(codeMails()).toEqual([]);
    expect(await sessionEmail(pending.browser)).toBeNull();
  });

  it("finding 5e: at most 3 mailed codes per pending step, none in a subject line", async () => {
    await setup();
    const pat = await personWithTwoFactor();
    const pending = await passwordSignIn(pat.email);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await pending.browser.post("/two-factor/send-otp")).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    await t.auth.settled();
    const codes = codeMails();
    expect(codes).toHaveLength(3);
    for (const mail of mailer.messages) {
      expect(mail.subject).not.toMatch(/\d{6}/);
    }
    expect(mailer.messages.map((m) => m.subject)).toContain("Your Gatehouse sign-in code");
    // The last code mailed still finishes the step.
    expect((await pending.browser.post("/two-factor/verify-otp", { code: codes[2] })).status).toBe(200);
  });
});
