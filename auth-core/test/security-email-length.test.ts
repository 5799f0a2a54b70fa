import { afterEach, describe, expect, it } from "vitest";
import type { MailMessage } from "../src/email/mailer.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * An address longer than RFC 5321 allows (local part over 64 octets, whole
 * over 254) once created an account and then failed to mail it (503). Every endpoint that takes an
 * address answers 400 INVALID_EMAIL before writing a row or attempting a mail.
 */
const at = (local: string, domain = "example.com"): string => `${local}@${domain}`;
const TOO_LONG = {
  "a 65-octet local part": at("a".repeat(65)),
  "a 300-character local part": at("b".repeat(300)),
  "65 octets of UTF-8 in 33 characters": at(`${"é".repeat(32)}x`),
  "255 octets in all": at("c".repeat(64), `${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(58)}.com`),
  "far over any limit": at("g".repeat(5000)),
  // Not long, but never deliverable: `.invalid` is where providers' placeholder addresses live.
  "an address under .invalid": at("someone", "reddit.invalid"),
};

describe.each(testDialects())("over-long addresses on %s", (dialect) => {
  let t: TestAuth;
  const mails: MailMessage[] = [];
  afterEach(async () => {
    mails.length = 0;
    await t.destroy();
  });

  async function setup(): Promise<TestBrowser> {
    t = await createTestAuth({
      dialect,
      options: {
        rateLimit: { enabled: false },
        mailer: { send: async (m) => void mails.push(m) },
        user: { changeEmail: { enabled: true } },
        emailVerification: { sendOnSignUp: true },
      },
    });
    const owner = createTestBrowser(t.auth);
    expect((await owner.post("/sign-up/email", { name: "O", email: "owner@example.com", password: "larch-ribbon-123" })).status).toBe(200);
    expect((await owner.post("/organization/create", { name: "Acme", slug: "acme" })).status).toBe(200);
    return owner;
  }

  it("accepts the longest address the standard allows (64-octet local part, 254 in all)", async () => {
    const owner = await setup();
    const longest = at("h".repeat(64), `${"i".repeat(63)}.${"j".repeat(63)}.${"k".repeat(57)}.com`);
    expect(longest.length).toBe(254);
    expect(Buffer.byteLength(longest)).toBe(254);
    expect((await createTestBrowser(t.auth).post("/sign-up/email", { name: "L", email: longest, password: "larch-ribbon-123" })).status).toBe(200);
    expect((await owner.post("/organization/invite-member", { email: at("m".repeat(64)), role: "member" })).status).toBe(200);
  });

  it.each(Object.entries(TOO_LONG))("refuses %s with 400 INVALID_EMAIL everywhere, writing and mailing nothing", async (_name, email) => {
    const owner = await setup();
    const users = async (): Promise<number> => (await t.database.db.selectFrom("user").select("id").execute()).length;
    const before = { users: await users(), mails: mails.length };
    const calls: Array<[string, () => Promise<Response>]> = [
      ["sign-up", () => createTestBrowser(t.auth).post("/sign-up/email", { name: "X", email, password: "larch-ribbon-123" })],
      ["sign-in", () => createTestBrowser(t.auth).post("/sign-in/email", { email, password: "larch-ribbon-123" })],
      ["reset", () => createTestBrowser(t.auth).post("/request-password-reset", { email })],
      ["verification", () => createTestBrowser(t.auth).post("/send-verification-email", { email })],
      ["change-email", () => owner.post("/change-email", { newEmail: email })],
      ["invitation", () => owner.post("/organization/invite-member", { email, role: "member" })],
      ["passkey options", () => createTestBrowser(t.auth).post("/passkey/generate-authenticate-options", { email })],
    ];
    for (const [name, call] of calls) {
      const answer = await call();
      expect({ name, status: answer.status, body: await answer.json() }).toEqual({
        name,
        status: 400,
        body: { code: "INVALID_EMAIL", message: "Invalid email" },
      });
    }
    await t.auth.settled();
    expect({ users: await users(), mails: mails.length }).toEqual(before);
    expect(await t.database.db.selectFrom("invitation").select("id").execute()).toEqual([]);
    expect((await t.database.db.selectFrom("user").select("email").where("email", "=", "owner@example.com").execute()).length).toBe(1);
  });
});
