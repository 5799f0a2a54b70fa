import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, findLink, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * A completed reset once left the account's other reset links alive (an older
 * one reset the password again), and nothing capped them (1,000 were live for one account). A
 * reset, a password change and an email change end them all; at most 5 are live per account.
 */
describe.each(testDialects())("reset links of one account on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(): Promise<TestBrowser> {
    t = await createTestAuth({
      dialect,
      options: { mailer: { send: async (m) => void mails.push(m) }, rateLimit: { enabled: false }, user: { changeEmail: { enabled: true } } },
    });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Bo", email: "bo@example.com", password: "old passphrase here" })).status).toBe(200);
    return browser;
  }

  /** Asks for a link and gives back its token; the clock moves a second, so links are ordered. */
  async function requestLink(): Promise<string> {
    const before = mails.length;
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email: "bo@example.com", redirectTo: "/reset" })).status).toBe(200);
    await t.auth.settled();
    expect(mails).toHaveLength(before + 1);
    t.clock.advance(1000);
    return findLink(mails.at(-1)!, "/reset-password/").pathname.split("/").at(-1)!;
  }

  /** Whether the link still lands on the reset form with its token (a look, not a use). */
  async function isLive(token: string): Promise<boolean> {
    const landing = await createTestBrowser(t.auth).get(`/reset-password/${token}?callbackURL=/reset`);
    return landing.headers.get("location") === `/reset?token=${token}`;
  }

  const liveResetRows = async (): Promise<number> =>
    (await t.database.db.selectFrom("verification").select("id").where("identifier", "like", "reset-password:%").execute()).length;

  it("a completed reset ends the account's other reset links", async () => {
    await setup();
    const older = await requestLink();
    const newer = await requestLink();
    expect((await createTestBrowser(t.auth).post("/reset-password", { token: newer, newPassword: "new passphrase here" })).status).toBe(200);
    expect(await isLive(older)).toBe(false);
    const replay = await createTestBrowser(t.auth).post("/reset-password", { token: older, newPassword: "attacker passphrase" });
    expect(await replay.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: "bo@example.com", password: "new passphrase here" })).status).toBe(200);
    expect(await liveResetRows()).toBe(0);
  });

  it("a password change and an email change end them too", async () => {
    const browser = await setup();
    const beforeChange = [await requestLink(), await requestLink()];
    expect((await browser.post("/change-password", { currentPassword: "old passphrase here", newPassword: "changed passphrase" })).status).toBe(200);
    for (const token of beforeChange) expect(await isLive(token)).toBe(false);

    const beforeMove = await requestLink();
    expect((await browser.post("/change-email", { newEmail: "bo.new@example.com" })).status).toBe(200);
    expect(await isLive(beforeMove)).toBe(false);
    expect(await liveResetRows()).toBe(0);
  });

  it("keeps at most 5 live links per account: a sixth ends the oldest", async () => {
    await setup();
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) tokens.push(await requestLink());
    expect(await liveResetRows()).toBe(5);
    expect(await isLive(tokens[0]!)).toBe(false);
    for (const token of tokens.slice(1)) expect(await isLive(token)).toBe(true);
    for (let i = 0; i < 20; i++) tokens.push(await requestLink());
    expect(await liveResetRows()).toBe(5);
    for (const token of tokens.slice(-5)) expect(await isLive(token)).toBe(true);
  });
});
