import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type RecordingMailer, type TestAuth, type TestBrowser } from "../testing/index.js";
import { codeIn, createPasswordlessAuth, lastMailTo } from "./passwordless-support.js";
import { PASSWORD, sessionEmail } from "./two-factor-support.js";

type CodeType = "sign-in" | "email-verification" | "forget-password";

describe.each(testDialects())("email OTP on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;
  afterEach(async () => t.destroy());

  async function setup(options: Parameters<typeof createPasswordlessAuth>[1] = {}): Promise<void> {
    ({ t, mailer } = await createPasswordlessAuth(dialect, options));
  }

  async function sendCode(email: string, type: CodeType, browser: TestBrowser = createTestBrowser(t.auth)): Promise<string> {
    const sent = await browser.post("/email-otp/send-verification-otp", { email, type });
    expect(sent.status).toBe(200);
    const text = await sent.text();
    expect(JSON.parse(text)).toEqual({ success: true });
    const code = codeIn(await lastMailTo(t, mailer, email));
    expect(text).not.toContain(code);
    return code;
  }

  async function errorOf(response: Response): Promise<{ status: number; code: string }> {
    return { status: response.status, code: ((await response.json()) as { code: string }).code };
  }

  /** A person signed up with a password, their address proven (as a normal sign-up's link does). */
  async function provenPerson(name: string) {
    const person = await signUpPerson(t.auth, name, address(name.toLowerCase()));
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    return person;
  }

  it("is off by default: every path answers 404, and the server-only ones never exist", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const browser = createTestBrowser(t.auth);
    for (const path of [
      "/email-otp/send-verification-otp",
      "/sign-in/email-otp",
      "/email-otp/verify-email",
      "/email-otp/check-verification-otp",
      "/email-otp/request-password-reset",
      "/forget-password/email-otp",
      "/email-otp/reset-password",
      "/email-otp/request-email-change",
      "/email-otp/change-email",
    ]) {
      expect(
        (await browser.post(path, { email: "a@example.com", otp: "123456", type: "sign-in", password: "x", newEmail: "b@example.com" })).status,
        path,
      ).toBe(404);
    }
    // As if the path did not exist: no body, a session or an untrusted URL change nothing.
    for (const path of ["/email-otp/send-verification-otp", "/sign-in/email-otp", "/email-otp/request-email-change"]) {
      const answer = await browser.request(path, { method: "POST" });
      expect([answer.status, ((await answer.json()) as { code: string }).code], path).toEqual([404, "NOT_FOUND"]);
    }
  });

  it("has no server-only path over HTTP when on: get-verification-otp and create-verification-otp answer 404", async () => {
    await setup();
    const email = address("srv");
    await sendCode(email, "sign-in");
    const browser = createTestBrowser(t.auth);
    const got = await browser.get(`/email-otp/get-verification-otp?email=${encodeURIComponent(email)}&type=sign-in`);
    expect(got.status).toBe(404);
    expect(await got.text()).not.toMatch(/\d{6}/);
    expect((await browser.post("/email-otp/create-verification-otp", { email, type: "sign-in" })).status).toBe(404);
  });

  it("signs in an unknown address with a sign-in code: the account is made then, verified and named", async () => {
    await setup();
    const email = address("new");
    const code = await sendCode(email, "sign-in");
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const browser = createTestBrowser(t.auth);
    const signedIn = await browser.post("/sign-in/email-otp", { email, otp: code, name: "Oto" });
    expect(signedIn.status).toBe(200);
    const body = (await signedIn.json()) as { token: string; user: { email: string; name: string; emailVerified: boolean } };
    expect(body.token).toEqual(expect.any(String));
    expect(body.user).toMatchObject({ email, name: "Oto", emailVerified: true });
    expect(await sessionEmail(browser)).toBe(email);
  });

  it("answers the same and mails a code for known and unknown addresses with type sign-in", async () => {
    await setup();
    const known = await provenPerson("Known");
    await sendCode(known.email, "sign-in");
    await sendCode(address("unknown"), "sign-in");
  });

  it("mails email-verification and forget-password codes to existing accounts only, with the same answer", async () => {
    await setup();
    const unknown = address("nobody");
    for (const type of ["email-verification", "forget-password"] as const) {
      const answer = await createTestBrowser(t.auth).post("/email-otp/send-verification-otp", { email: unknown, type });
      expect(await answer.json()).toEqual({ success: true });
    }
    for (const path of ["/email-otp/request-password-reset", "/forget-password/email-otp"]) {
      const answer = await createTestBrowser(t.auth).post(path, { email: unknown });
      expect(await answer.json()).toEqual({ success: true });
    }
    await t.auth.settled();
    expect(mailer.messages.filter((mail) => mail.to === unknown)).toEqual([]);
    const change = await createTestBrowser(t.auth).post("/email-otp/send-verification-otp", { email: unknown, type: "change-email" });
    expect(change.status).toBe(400);
  });

  it("verifies the address with an email-verification code: get-session shows it", async () => {
    await setup();
    const person = await signUpPerson(t.auth, "Vera", address("vera"));
    const code = await sendCode(person.email, "email-verification");
    const verified = await person.browser.post("/email-otp/verify-email", { email: person.email, otp: code });
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as { status: boolean; token: string | null; user: { emailVerified: boolean } };
    expect(body).toMatchObject({ status: true, token: null, user: { emailVerified: true } });
    const session = (await (await person.browser.get("/get-session")).json()) as { user: { emailVerified: boolean } };
    expect(session.user.emailVerified).toBe(true);
  });

  it("checks a code without using it; a wrong check counts as an attempt", async () => {
    await setup();
    const person = await provenPerson("Chek");
    const code = await sendCode(person.email, "sign-in");
    const browser = createTestBrowser(t.auth);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await errorOf(await browser.post("/email-otp/check-verification-otp", { email: person.email, type: "sign-in", otp: wrong }))).toEqual({
      status: 400,
      code: "INVALID_OTP",
    });
    const checked = await browser.post("/email-otp/check-verification-otp", { email: person.email, type: "sign-in", otp: code });
    expect(await checked.json()).toEqual({ success: true });
    // Two wrong tries now: the check's and this one; the third wrong one exhausts the code.
    expect((await browser.post("/sign-in/email-otp", { email: person.email, otp: wrong })).status).toBe(400);
    expect((await browser.post("/sign-in/email-otp", { email: person.email, otp: code })).status).toBe(200);
  });

  it("resets the password with a forget-password code, verifies the address and ends every session (beyond better-auth)", async () => {
    await setup();
    const person = await provenPerson("Reset");
    const second = createTestBrowser(t.auth);
    expect((await second.post("/sign-in/email", { email: person.email, password: PASSWORD })).status).toBe(200);
    const requested = await createTestBrowser(t.auth).post("/email-otp/request-password-reset", { email: person.email });
    expect(await requested.json()).toEqual({ success: true });
    const code = codeIn(await lastMailTo(t, mailer, person.email));
    const browser = createTestBrowser(t.auth);
    const short = await browser.post("/email-otp/reset-password", { email: person.email, otp: code, password: "short" });
    expect(await errorOf(short)).toEqual({ status: 400, code: "PASSWORD_TOO_SHORT" });
    const reset = await browser.post("/email-otp/reset-password", { email: person.email, otp: code, password: "a brand new passphrase" });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ success: true });
    expect(await sessionEmail(person.browser)).toBeNull();
    expect(await sessionEmail(second)).toBeNull();
    expect((await browser.post("/sign-in/email", { email: person.email, password: "a brand new passphrase" })).status).toBe(200);
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: person.email, password: PASSWORD })).status).toBe(401);
  });

  it("verifies an unverified account's address with its reset by code", async () => {
    await setup();
    const person = await signUpPerson(t.auth, "Unver", address("unver"));
    const code = await sendCode(person.email, "forget-password");
    expect(
      (await createTestBrowser(t.auth).post("/email-otp/reset-password", { email: person.email, otp: code, password: "a brand new passphrase" })).status,
    ).toBe(200);
    const user = await t.database.db.selectFrom("user").select("emailVerified").where("id", "=", person.userId).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(1);
  });

  it("binds codes to their type: a sign-in code neither resets nor verifies, a reset code does not sign in; each still works for its own flow", async () => {
    await setup();
    const person = await provenPerson("Bind");
    const signInCode = await sendCode(person.email, "sign-in");
    const resetCode = await sendCode(person.email, "forget-password");
    const browser = createTestBrowser(t.auth);
    if (signInCode !== resetCode) {
      expect(
        await errorOf(await browser.post("/email-otp/reset-password", { email: person.email, otp: signInCode, password: "another long passphrase" })),
      ).toEqual({
        status: 400,
        code: "INVALID_OTP",
      });
      expect(await errorOf(await browser.post("/email-otp/verify-email", { email: person.email, otp: signInCode }))).toEqual({
        status: 400,
        code: "INVALID_OTP",
      });
      expect(await errorOf(await browser.post("/sign-in/email-otp", { email: person.email, otp: resetCode }))).toEqual({ status: 400, code: "INVALID_OTP" });
      expect(await sessionEmail(browser)).toBeNull();
    }
    expect((await browser.post("/sign-in/email-otp", { email: person.email, otp: signInCode })).status).toBe(200);
    expect((await browser.post("/email-otp/reset-password", { email: person.email, otp: resetCode, password: "another long passphrase" })).status).toBe(200);
  });

  it("works once: a second use gets 400 INVALID_OTP and makes no session", async () => {
    await setup();
    const person = await provenPerson("Once");
    const code = await sendCode(person.email, "sign-in");
    expect((await createTestBrowser(t.auth).post("/sign-in/email-otp", { email: person.email, otp: code })).status).toBe(200);
    const again = createTestBrowser(t.auth);
    expect(await errorOf(await again.post("/sign-in/email-otp", { email: person.email, otp: code }))).toEqual({ status: 400, code: "INVALID_OTP" });
    expect(await sessionEmail(again)).toBeNull();
  });

  it("refuses an expired code with 400 OTP_EXPIRED (EMAIL_OTP_EXPIRES_IN)", async () => {
    await setup({ emailOTP: { enabled: true, expiresIn: 60 } });
    const email = address("late");
    const code = await sendCode(email, "sign-in");
    t.clock.advance(61_000);
    expect(await errorOf(await createTestBrowser(t.auth).post("/sign-in/email-otp", { email, otp: code }))).toEqual({ status: 400, code: "OTP_EXPIRED" });
  });

  it("kills a code after 3 wrong tries: the right one then answers 403 TOO_MANY_ATTEMPTS and makes no session; a new send works", async () => {
    await setup();
    const person = await provenPerson("Tries");
    const code = await sendCode(person.email, "sign-in");
    const wrong = code === "999999" ? "888888" : "999999";
    const browser = createTestBrowser(t.auth);
    for (let i = 0; i < 3; i++)
      expect(await errorOf(await browser.post("/sign-in/email-otp", { email: person.email, otp: wrong }))).toEqual({ status: 400, code: "INVALID_OTP" });
    expect(await errorOf(await browser.post("/sign-in/email-otp", { email: person.email, otp: code }))).toEqual({ status: 403, code: "TOO_MANY_ATTEMPTS" });
    expect([400, 403]).toContain((await browser.post("/sign-in/email-otp", { email: person.email, otp: code })).status);
    expect(await sessionEmail(browser)).toBeNull();
    const fresh = await sendCode(person.email, "sign-in");
    expect((await browser.post("/sign-in/email-otp", { email: person.email, otp: fresh })).status).toBe(200);
  });

  it("replaces the previous code of the type and address when asked again", async () => {
    await setup();
    const email = address("again");
    const first = await sendCode(email, "sign-in");
    const second = await sendCode(email, "sign-in");
    if (first !== second)
      expect(await errorOf(await createTestBrowser(t.auth).post("/sign-in/email-otp", { email, otp: first }))).toEqual({ status: 400, code: "INVALID_OTP" });
    expect((await createTestBrowser(t.auth).post("/sign-in/email-otp", { email, otp: second })).status).toBe(200);
  });

  it("keeps the change-email pair off (400) behind a session (401 without)", async () => {
    await setup();
    const person = await provenPerson("Chg");
    expect(await errorOf(await createTestBrowser(t.auth).post("/email-otp/request-email-change", { newEmail: address("x") }))).toEqual({
      status: 401,
      code: "UNAUTHORIZED",
    });
    const refused = await person.browser.post("/email-otp/request-email-change", { newEmail: address("x") });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe("Change email with OTP is disabled");
    expect((await person.browser.post("/email-otp/change-email", { newEmail: address("x"), otp: "123456" })).status).toBe(400);
  });

  it("refuses a banned person's code sign-in with 403 BANNED_USER", async () => {
    await setup();
    const person = await provenPerson("Banned");
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", person.userId).execute();
    const code = await sendCode(person.email, "sign-in");
    const browser = createTestBrowser(t.auth);
    expect(await errorOf(await browser.post("/sign-in/email-otp", { email: person.email, otp: code }))).toEqual({ status: 403, code: "BANNED_USER" });
    expect(await sessionEmail(browser)).toBeNull();
  });

  it("limits each path to 3 requests per 60 s per client", async () => {
    await setup({ rateLimit: { enabled: true } });
    const browser = createTestBrowser(t.auth);
    for (const path of ["/email-otp/send-verification-otp", "/sign-in/email-otp", "/email-otp/reset-password"]) {
      for (let i = 0; i < 3; i++)
        expect((await browser.post(path, { email: address("rl"), type: "sign-in", otp: "123456", password: "long enough passphrase" })).status).not.toBe(429);
      expect((await browser.post(path, { email: address("rl"), type: "sign-in", otp: "123456", password: "long enough passphrase" })).status, path).toBe(429);
    }
  });
});
