import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMailedLink, type TestAuth } from "../testing/index.js";

/**
 * Tokens are stored hashed. The rate-limit window of GET /reset-password/{token} was keyed by the
 * concrete path, so with database storage (the server on PostgreSQL) every opened reset link left
 * its live token in plain text in the rateLimit table.
 */
describe.each(testDialects())("rate-limit keys on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("never hold a path parameter such as a reset token", async () => {
    const mails: MailMessage[] = [];
    t = await createTestAuth({ dialect, options: { rateLimit: { storage: "database" }, mailer: { send: async (m) => void mails.push(m) } } });
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "R", email: "r@example.com", password: "larch-ribbon-123" });
    await browser.post("/request-password-reset", { email: "r@example.com", redirectTo: "/reset" });
    const link = await settledMailedLink(t.auth, mails, "/reset-password/");
    const token = link.pathname.split("/").at(-1)!;
    const opened = await browser.get(`${link.pathname.replace("/api/auth", "")}${link.search}`);
    expect(opened.headers.get("location")).toBe(`/reset?token=${token}`);

    const keys = (await t.database.db.selectFrom("rateLimit").select("key").execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => key.includes(token))).toEqual([]);
    expect(keys).toContain("127.0.0.1|/reset-password/:token");
  });
});
