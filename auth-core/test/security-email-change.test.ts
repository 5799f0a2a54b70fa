import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMailedLink, type TestAuth } from "../testing/index.js";

/**
 * A password-reset link mailed to the old address must stop working once the account's email has
 * changed: whoever still reads the old mailbox (a former employer, a lost or taken-over account)
 * could otherwise set the password of the account that moved away from it.
 */
describe.each(testDialects())("reset links after an email change on %s", (dialect) => {
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
      },
    });
  }

  async function pendingResetToken(email: string): Promise<string> {
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" })).status).toBe(200);
    return (await settledMailedLink(t.auth, mails, "/reset-password/", email)).pathname.split("/").at(-1)!;
  }

  it("an unverified user's direct change voids the old address's reset link", async () => {
    await setup();
    const owner = createTestBrowser(t.auth);
    await owner.post("/sign-up/email", { name: "O", email: "old@example.com", password: "larch-ribbon-123" });
    const token = await pendingResetToken("old@example.com");
    expect((await owner.post("/change-email", { newEmail: "new@example.com" })).status).toBe(200);

    const reset = await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "taken-over-1" });
    expect(reset.status).toBe(400);
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: "new@example.com", password: "larch-ribbon-123" })).status).toBe(200);
  });

  it("a confirmed change of a verified user voids it too", async () => {
    await setup();
    const owner = createTestBrowser(t.auth);
    await owner.post("/sign-up/email", { name: "O", email: "old@example.com", password: "larch-ribbon-123" });
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).execute();
    const token = await pendingResetToken("old@example.com");
    expect((await owner.post("/change-email", { newEmail: "new@example.com" })).status).toBe(200);
    const confirm = await settledMailedLink(t.auth, mails, "/verify-email", "old@example.com");
    const confirmed = await owner.get(`${confirm.pathname.replace("/api/auth", "")}${confirm.search}`);
    expect(confirmed.status).toBe(302);
    expect((await t.database.db.selectFrom("user").select("email").executeTakeFirstOrThrow()).email).toBe("new@example.com");

    const reset = await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "taken-over-1" });
    expect(reset.status).toBe(400);
  });
});
