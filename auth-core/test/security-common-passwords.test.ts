import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, settledMailedLink, type TestAuth, type TestBrowser } from "../src/testing/index.js";

/**
 * Issue 13, finding 5 (NIST SP 800-63B-4): a password from the list of commonly used ones is
 * refused wherever a password is chosen: sign-up, reset, change and set-password.
 */
const COMMON = ["password123", "Password123", "qwertyuiop", "iloveyou1", "12345678"];
const REFUSAL = { code: "PASSWORD_COMPROMISED", message: "This password is too common. Choose another." };

describe.each(testDialects())("common passwords on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(refuseCommonPasswords?: boolean): Promise<TestBrowser> {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async (m) => void mails.push(m) },
        emailAndPassword: refuseCommonPasswords === undefined ? {} : { refuseCommonPasswords },
      },
    });
    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/sign-up/email", { name: "O", email: "owner@example.com", password: "unusual-phrase-7" })).status).toBe(200);
    return owner;
  }

  async function answer(response: Response): Promise<{ status: number; body: unknown }> {
    return { status: response.status, body: await response.json() };
  }

  it.each(COMMON)("refuses %j at sign-up, change, reset and set-password", async (common) => {
    const owner = await setup();
    expect(await answer(await createTestBrowser(t.auth).post("/sign-up/email", { name: "N", email: "n@example.com", password: common }))).toEqual({
      status: 400,
      body: REFUSAL,
    });
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", "n@example.com").execute()).toEqual([]);

    expect(await answer(await owner.post("/change-password", { currentPassword: "unusual-phrase-7", newPassword: common }))).toEqual({
      status: 400,
      body: REFUSAL,
    });

    await createTestBrowser(t.auth).post("/request-password-reset", { email: "owner@example.com", redirectTo: "/reset" });
    const token = (await settledMailedLink(t.auth, mails, "/reset-password/")).pathname.split("/").at(-1)!;
    expect(await answer(await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: common }))).toEqual({ status: 400, body: REFUSAL });
    // The refusal did not use the link up.
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "another-unusual-8" })).status).toBe(200);

    await t.database.db.updateTable("account").set({ password: null }).execute();
    await expect(t.auth.api.setPassword({ body: { newPassword: common }, headers: new Headers({ cookie: owner.cookieHeader() }) })).rejects.toMatchObject({
      status: 400,
      code: "PASSWORD_COMPROMISED",
    });
  });

  it("accepts an uncommon password, and a common one when the option is off", async () => {
    await setup(false);
    expect((await createTestBrowser(t.auth).post("/sign-up/email", { name: "N", email: "n@example.com", password: "password123" })).status).toBe(200);
  });
});
