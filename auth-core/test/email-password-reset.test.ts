import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Logger } from "../src/deps/logger.js";
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
const RESET_ANSWER = { status: true, message: "If this email exists in our system, check your email for the reset link" };
let smtp: TestSMTPServer;
beforeAll(async () => {
  smtp = await startTestSMTPServer();
});
afterAll(async () => {
  await smtp.close();
});

/** A logger whose lines a test can wait for (the reset mail is sent after the answer). */
function recordingLogger(): { logger: Logger; lines: string[]; nextWarning(): Promise<string> } {
  const lines: string[] = [];
  const waiting: Array<(message: string) => void> = [];
  return {
    lines,
    logger: {
      info: () => undefined,
      warn: (message) => {
        lines.push(message);
        waiting.shift()?.(message);
      },
      error: (message) => lines.push(message),
    },
    nextWarning: () => new Promise((resolve) => waiting.push(resolve)),
  };
}

describe.each(testDialects())("password reset on %s", (dialect) => {
  let t: TestAuth;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;

  async function setup(options: Partial<Omit<AuthOptions, "database">> = {}): Promise<void> {
    t = await createTestAuth({ dialect, options: { mailer: smtp.mailer, rateLimit: { enabled: false }, ...options } });
  }
  async function signUp(browser: TestBrowser, email: string): Promise<void> {
    const response = await browser.post("/sign-up/email", { name: "Bo", email, password: "old password" });
    expect(response.status).toBe(200);
  }
  async function requestReset(path: string, email: string, redirectTo = "/reset"): Promise<{ link: URL; token: string }> {
    const answer = await createTestBrowser(t.auth).post(path, { email, redirectTo });
    expect(await answer.json()).toEqual(RESET_ANSWER);
    const mail = await smtp.waitForMail(email);
    expect(mail.subject).toBe("Reset your Gatehouse password");
    const link = findLink(mail, "/reset-password/");
    return { link, token: link.pathname.split("/").pop()! };
  }

  beforeEach(() => smtp.setRejecting(false));
  afterEach(async () => {
    smtp.setRejecting(false);
    await t.destroy();
  });

  it.each(["/request-password-reset", "/forget-password"])("resets the password through the mailed link (%s)", async (path) => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const email = address("bo");
    await signUp(browser, email);
    // A proven address (a never-proven one's first reset ends every session: security-squatter-eviction.test.ts).
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).execute();
    const { link, token } = await requestReset(path, email);
    expect(link.origin).toBe(TEST_BASE_URL);
    expect(token).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(link.searchParams.get("callbackURL")).toBe("/reset");

    const stored = await t.database.db.selectFrom("verification").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).toMatch(/^reset-password:[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    const landing = await browser.get(authPath(link));
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe(`/reset?token=${token}`);

    const reset = await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token });
    expect(await reset.json()).toEqual({ status: true });
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);
    // Signed in from another browser: one that signs in again gives up the session it presented.
    const other = createTestBrowser(t.auth);
    expect((await other.post("/sign-in/email", { email, password: "old password" })).status).toBe(401);
    expect((await other.post("/sign-in/email", { email, password: "fresh larch ribbon" })).status).toBe(200);
    // The session that was open before the reset is kept unless revokeSessionsOnPasswordReset.
    expect(await t.database.db.selectFrom("session").select("id").execute()).toHaveLength(2);

    const types = (await t.database.db.selectFrom("securityEvent").select("type").execute()).map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["password-reset-requested", "password-reset"]));
  });

  it("gives an unknown address the same answer and sends nothing", async () => {
    await setup();
    for (const path of ["/request-password-reset", "/forget-password"]) {
      const answer = await createTestBrowser(t.auth).post(path, { email: address("ghost") });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual(RESET_ANSWER);
    }
    const email = address("real");
    await signUp(createTestBrowser(t.auth), email);
    await requestReset("/request-password-reset", email);
    // Counted by recipient: a notice of an earlier test may still be arriving on the shared relay.
    expect(smtp.received.filter((mail) => mail.to.some((to) => to.includes("ghost")))).toEqual([]);
    expect(smtp.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toHaveLength(1);
  });

  it("answers before the relay has taken the mail: the transport is not on the answer's path", async () => {
    await setup();
    const email = address("slow");
    await signUp(createTestBrowser(t.auth), email);
    smtp.hold();
    try {
      const known = await createTestBrowser(t.auth).post("/request-password-reset", { email });
      const unknown = await createTestBrowser(t.auth).post("/request-password-reset", { email: address("nobody") });
      expect(await known.json()).toEqual(RESET_ANSWER);
      expect(await unknown.json()).toEqual(RESET_ANSWER);
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
    } finally {
      smtp.release();
    }
    expect((await smtp.waitForMail(email)).subject).toBe("Reset your Gatehouse password");
  });

  it("answers the same when the mail cannot be sent, withdraws the token and logs it", async () => {
    const log = recordingLogger();
    await setup({ logger: log.logger });
    const email = address("bounce");
    await signUp(createTestBrowser(t.auth), email);
    smtp.setRejecting(true);
    const withdrawn = log.nextWarning();
    const answer = await createTestBrowser(t.auth).post("/request-password-reset", { email });
    expect(await answer.json()).toEqual(RESET_ANSWER);
    expect(await withdrawn).toBe("password reset token withdrawn: its mail was not sent");
    expect(log.lines).toContain("mail not sent");
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);
    const failures = await t.database.db.selectFrom("securityEvent").select("type").where("outcome", "=", "failure").execute();
    expect(failures.map((e) => e.type)).toEqual(["password-reset-requested"]);
  });

  it("refuses an expired token on the link and on the reset", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const email = address("late");
    await signUp(browser, email);
    const { link, token } = await requestReset("/forget-password", email);
    t.clock.advance(HOUR + 1000);
    const landing = await browser.get(authPath(link));
    expect(landing.headers.get("location")).toBe("/reset?error=INVALID_TOKEN");
    const reset = await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token });
    expect(reset.status).toBe(400);
    expect(await reset.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    // Seen expired, the record was removed.
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toEqual([]);
  });

  it("honours a configured lifetime", async () => {
    await setup({ passwordReset: { tokenExpiresIn: 300 } });
    const browser = createTestBrowser(t.auth);
    const email = address("short");
    await signUp(browser, email);
    const { token } = await requestReset("/request-password-reset", email);
    t.clock.advance(299 * 1000);
    expect(await (await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token })).json()).toEqual({ status: true });
  });

  it("uses a token once, also from the query string", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const email = address("once");
    await signUp(browser, email);
    const { token } = await requestReset("/request-password-reset", email);
    const first = await browser.post(`/reset-password?token=${token}`, { newPassword: "fresh larch ribbon" });
    expect(await first.json()).toEqual({ status: true });
    const second = await browser.post("/reset-password", { newPassword: "third password", token });
    expect(await second.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    expect((await browser.post("/sign-in/email", { email, password: "fresh larch ribbon" })).status).toBe(200);
  });

  it("keeps the token when the new password is refused, and concurrent uses let one through", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const email = address("race");
    await signUp(browser, email);
    const { token } = await requestReset("/request-password-reset", email);
    const short = await browser.post("/reset-password", { newPassword: "short", token });
    expect(await short.json()).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    const answers = await Promise.all([
      createTestBrowser(t.auth).post("/reset-password", { newPassword: "password one", token }),
      createTestBrowser(t.auth).post("/reset-password", { newPassword: "password two", token }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it("refuses tokens of another kind and made-up tokens", async () => {
    await setup({ emailVerification: { sendOnSignUp: true }, user: { deleteUser: { enabled: true, sendDeleteAccountVerification: true } } });
    const browser = createTestBrowser(t.auth);
    const email = address("kinds");
    await signUp(browser, email);
    const verifyLink = findLink(await smtp.waitForMail(email), "/verify-email");
    expect((await browser.post("/delete-user", {})).status).toBe(200);
    const deleteToken = findLink(await smtp.waitForMail(email), "/delete-user/callback").searchParams.get("token")!;
    for (const token of [deleteToken, verifyLink.searchParams.get("token")!, "A".repeat(24)]) {
      const reset = await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token });
      expect(await reset.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
      const landing = await browser.get(`/reset-password/${encodeURIComponent(token)}?callbackURL=/reset`);
      expect(landing.headers.get("location")).toBe("/reset?error=INVALID_TOKEN");
    }
    expect(await (await browser.post("/reset-password", { newPassword: "fresh larch ribbon" })).json()).toEqual({
      code: "INVALID_TOKEN",
      message: "Invalid token",
    });
  });

  it("revokes every session when configured", async () => {
    await setup({ passwordReset: { revokeSessionsOnPasswordReset: true } });
    const browser = createTestBrowser(t.auth);
    const email = address("revoke");
    await signUp(browser, email);
    const { token } = await requestReset("/request-password-reset", email);
    await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token });
    expect(await (await browser.get("/get-session")).text()).toBe("null");
    expect(await t.database.db.selectFrom("session").select("id").execute()).toEqual([]);
  });

  it("gives a password to a user who had none", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const email = address("social");
    await signUp(browser, email);
    await t.database.db.deleteFrom("account").execute();
    const { token } = await requestReset("/request-password-reset", email);
    expect(await (await browser.post("/reset-password", { newPassword: "fresh larch ribbon", token })).json()).toEqual({ status: true });
    expect((await browser.post("/sign-in/email", { email, password: "fresh larch ribbon" })).status).toBe(200);
  });

  it("needs a callbackURL on the link, refuses an untrusted one, and says when reset is off", async () => {
    await setup();
    const browser = createTestBrowser(t.auth);
    const missing = await browser.get("/reset-password/abc");
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("callbackURL is required");
    const foreign = await browser.get("/reset-password/abc?callbackURL=https://evil.example/");
    expect(((await foreign.json()) as { message: string }).message).toBe("Invalid callbackURL");
    const redirectTo = await browser.post("/request-password-reset", { email: address("x"), redirectTo: "//evil.example" });
    expect(((await redirectTo.json()) as { message: string }).message).toBe("Invalid redirectURL");
    await t.destroy();

    await setup({ passwordReset: { enabled: false } });
    for (const path of ["/request-password-reset", "/forget-password"]) {
      const off = await createTestBrowser(t.auth).post(path, { email: address("off") });
      expect(off.status).toBe(400);
      expect(((await off.json()) as { message: string }).message).toBe("Reset password isn't enabled");
    }
  });
});
