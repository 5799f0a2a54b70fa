import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/**
 * Without a session, POST /send-verification-email must answer the same, at the same speed,
 * whether or not an unverified account has the address: the mail transport (its latency, its
 * refusals) must not be on the answer's path, as for the password-reset request.
 */
describe.each(testDialects())("send-verification-email does not reveal accounts on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  async function signUp(email: string): Promise<void> {
    const response = await createTestBrowser(t.auth).post("/sign-up/email", { name: "U", email, password: "larch-ribbon-123" });
    expect(response.status).toBe(200);
  }

  it("answers before the transport has taken the mail", async () => {
    const delivered: MailMessage[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        emailVerification: { sendOnSignUp: false },
        mailer: {
          send: async (m) => {
            await held;
            delivered.push(m);
          },
        },
      },
    });
    await signUp("known@example.com");
    try {
      const known = await createTestBrowser(t.auth).post("/send-verification-email", { email: "known@example.com" });
      expect(known.status).toBe(200);
      expect(await known.json()).toEqual({ status: true });
      expect(delivered).toEqual([]);
    } finally {
      release();
    }
  });

  it("answers 200 for a known address even when the transport refuses the mail", async () => {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        emailVerification: { sendOnSignUp: false },
        mailer: {
          send: async () => {
            throw new Error("relay refused");
          },
        },
      },
    });
    await signUp("known@example.com");
    const known = await createTestBrowser(t.auth).post("/send-verification-email", { email: "known@example.com" });
    const unknown = await createTestBrowser(t.auth).post("/send-verification-email", { email: "nobody@example.com" });
    expect([known.status, await known.json()]).toEqual([unknown.status, await unknown.json()]);
    expect(known.status).toBe(200);
  });
});
