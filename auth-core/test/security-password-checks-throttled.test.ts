import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth, type TestPerson } from "../testing/index.js";
import { PASSWORD, turnOnTwoFactor } from "./two-factor-support.js";

/**
 * Finding 4 of the third account-safety round: a password checked anywhere but sign-in was not
 * counted, so a stolen session tried 486 passwords on /two-factor/disable and the right one then
 * turned two-factor off. Every password check now counts in the account's sign-in throttle (the
 * same key: the normalised address), before the password is looked at.
 */
describe.each(testDialects())("password checks outside sign-in are throttled, on %s", (dialect) => {
  let t: TestAuth;
  let counter = 0;
  afterEach(async () => {
    await t.auth.settled();
    await t.destroy();
  });

  async function setup(): Promise<TestPerson> {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, twoFactor: { enabled: true }, user: { deleteUser: { enabled: true } } } });
    return signUpPerson(t.auth, "Pat", `pat-${++counter}@example.com`);
  }

  it("wrong passwords on /two-factor/disable reach the throttle; the right one is refused until the wait passes, and sign-in waits too", async () => {
    const pat = await setup();
    await turnOnTwoFactor(t, pat.browser);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await pat.browser.post("/two-factor/disable", { password: `guess number ${i}` })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);

    const right = await pat.browser.post("/two-factor/disable", { password: PASSWORD });
    expect(right.status).toBe(429);
    expect(right.headers.get("x-retry-after")).toBe("1");
    expect(await right.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    // The same count as password sign-in: the right password waits there as well.
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: pat.email, password: PASSWORD })).status).toBe(429);
    const user = await t.database.db.selectFrom("user").select("twoFactorEnabled").where("email", "=", pat.email).executeTakeFirstOrThrow();
    expect(user.twoFactorEnabled).toBe(1);

    // The wait passes: the right password is checked and clears the count.
    t.clock.advance(1000);
    expect((await pat.browser.post("/two-factor/disable", { password: PASSWORD })).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await pat.browser.post("/change-password", { currentPassword: `again ${i}`, newPassword: "a larch ribbon 2" })).status).toBe(400);
  });

  it("failed password sign-ins count against the password checks of a session", async () => {
    const pat = await setup();
    for (let i = 0; i < 5; i++) expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: pat.email, password: `guess ${i}` })).status).toBe(401);
    expect((await pat.browser.post("/two-factor/enable", { password: PASSWORD })).status).toBe(429);
  });

  const checks: Array<{ path: string; body: (password: string) => Record<string, unknown>; twoFactorOn: boolean }> = [
    { path: "/delete-user", body: (password) => ({ password }), twoFactorOn: false },
    { path: "/change-password", body: (password) => ({ currentPassword: password, newPassword: "a larch ribbon 2" }), twoFactorOn: false },
    { path: "/two-factor/enable", body: (password) => ({ password }), twoFactorOn: false },
    { path: "/two-factor/get-totp-uri", body: (password) => ({ password }), twoFactorOn: true },
    { path: "/two-factor/generate-backup-codes", body: (password) => ({ password }), twoFactorOn: true },
  ];

  it.each(checks)("$path counts each password it checks", async ({ path, body, twoFactorOn }) => {
    const pat = await setup();
    if (twoFactorOn) await turnOnTwoFactor(t, pat.browser);
    for (let i = 0; i < 5; i++) expect((await pat.browser.post(path, body(`guess number ${i}`))).status).toBe(400);
    expect((await pat.browser.post(path, body(PASSWORD))).status).toBe(429);
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: pat.email, password: PASSWORD })).status).toBe(429);
    t.clock.advance(1000);
    expect((await pat.browser.post(path, body(PASSWORD))).status).toBe(200);
  });
});
