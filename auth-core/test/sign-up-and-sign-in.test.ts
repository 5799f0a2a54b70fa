import { afterEach, describe, expect, it } from "vitest";
import { createScryptHasher, type PasswordHasher } from "../src/index.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

/** Wraps the real hasher and counts its work, to show unknown users cost the same. */
function countingHasher(): { hasher: PasswordHasher; verifications: () => number } {
  const real = createScryptHasher({ N: 1024, r: 8, p: 1, keyLength: 32 });
  let count = 0;
  return {
    hasher: {
      hash: (password, salt) => real.hash(password, salt),
      verify: async (password, stored) => {
        count += 1;
        return real.verify(password, stored);
      },
    },
    verifications: () => count,
  };
}

describe.each(testDialects())("sign-up and sign-in policies on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("refuses passwords outside 8..128, invalid emails and duplicates with the spec's codes", async () => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth);
    const attempt = async (email: string, password: string) => {
      t.clock.advance(10_000); // one attempt per sign-up rate-limit window
      const r = await b.post("/sign-up/email", { name: "X", email, password });
      return { status: r.status, body: (await r.json()) as { code?: string; message?: string } };
    };
    expect(await attempt("a@example.com", "1234567")).toEqual({ status: 400, body: { code: "PASSWORD_TOO_SHORT", message: "Password too short" } });
    expect(await attempt("a@example.com", "x".repeat(129))).toEqual({ status: 400, body: { code: "PASSWORD_TOO_LONG", message: "Password too long" } });
    expect(await attempt("not-an-email", "hx7-trq9")).toEqual({ status: 400, body: { code: "INVALID_EMAIL", message: "Invalid email" } });
    expect((await attempt("a@example.com", "hx7-trq9")).status).toBe(200);
    expect(await attempt("A@EXAMPLE.COM", "hx7-trq9")).toEqual({ status: 422, body: { code: "USER_ALREADY_EXISTS", message: "User already exists." } });
  });

  it("honours configured password bounds", async () => {
    t = await createTestAuth({ dialect, options: { emailAndPassword: { minPasswordLength: 12, maxPasswordLength: 20 } } });
    const b = createTestBrowser(t.auth);
    expect((await b.post("/sign-up/email", { name: "X", email: "x@example.com", password: "12345678901" })).status).toBe(400);
    expect((await b.post("/sign-up/email", { name: "X", email: "x@example.com", password: "x".repeat(21) })).status).toBe(400);
    expect((await b.post("/sign-up/email", { name: "X", email: "x@example.com", password: "hx7-trq9-w2z" })).status).toBe(200);
  });

  it("creates exactly one user from 20 concurrent sign-ups with one email", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        createTestBrowser(t.auth, { clientAddress: `10.0.0.${i}` }).post("/sign-up/email", {
          name: `N${i}`,
          email: "race@example.com",
          password: "larch-ribbon-123",
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(19);
    const users = await t.database.db.selectFrom("user").select("id").where("email", "=", "race@example.com").execute();
    expect(users).toHaveLength(1);
    const accounts = await t.database.db.selectFrom("account").select("id").execute();
    expect(accounts).toHaveLength(1);
  });

  it("answers unknown user, user without password and wrong password alike, at the same cost", async () => {
    const counter = countingHasher();
    t = await createTestAuth({ dialect, options: { emailAndPassword: { passwordHasher: counter.hasher } } });
    const b = createTestBrowser(t.auth, { clientAddress: "10.1.1.1" });
    await b.post("/sign-up/email", { name: "Has", email: "has@example.com", password: "larch-ribbon-123" });
    const now = new Date().toISOString();
    await t.database.db.insertInto("user").values({ id: "social-only", name: "S", email: "social@example.com", createdAt: now, updatedAt: now }).execute();
    b.cookies.clear();

    const answers = [];
    for (const email of ["nobody@example.com", "social@example.com", "has@example.com"]) {
      t.clock.advance(11_000); // stay under the sign-in rate limit
      const before = counter.verifications();
      const r = await b.post("/sign-in/email", { email, password: "wrong-password" });
      answers.push({ status: r.status, body: await r.json(), verifications: counter.verifications() - before });
    }
    for (const answer of answers) {
      expect(answer).toEqual({ status: 401, body: { code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" }, verifications: 1 });
    }
  });

  it("says when email and password or its sign-up is switched off", async () => {
    t = await createTestAuth({ dialect, options: { emailAndPassword: { enabled: false } } });
    const r = await createTestBrowser(t.auth).post("/sign-in/email", { email: "a@example.com", password: "12345678" });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toBe("Email and password is not enabled");
    await t.destroy();
    t = await createTestAuth({ dialect, options: { emailAndPassword: { disableSignUp: true } } });
    const s = await createTestBrowser(t.auth).post("/sign-up/email", { name: "A", email: "a@example.com", password: "12345678" });
    expect(s.status).toBe(400);
  });

  it("records security events for sign-up, sign-in success and failure, and sign-out", async () => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth, { clientAddress: "192.0.2.7" });
    await b.post("/sign-up/email", { name: "E", email: "e@example.com", password: "larch-ribbon-123" }, { "user-agent": "TestAgent/1" });
    await b.post("/sign-out");
    await b.post("/sign-in/email", { email: "e@example.com", password: "nope-nope" });
    await b.post("/sign-in/email", { email: "e@example.com", password: "larch-ribbon-123" });
    const events = await t.database.db.selectFrom("securityEvent").select(["type", "outcome", "ipAddress"]).orderBy("createdAt").orderBy("id").execute();
    const summary = events.map((e) => `${e.type}:${e.outcome}`).sort();
    expect(summary).toEqual(["sign-in:failure", "sign-in:success", "sign-out:success", "sign-up:success"]);
    expect(events.every((e) => e.ipAddress === "192.0.2.7")).toBe(true);
  });

  it("keeps the User-Agent of the request that started a session, and none when it sent none", async () => {
    t = await createTestAuth({ dialect });
    const withAgent = createTestBrowser(t.auth);
    await withAgent.post("/sign-up/email", { name: "F", email: "f@example.com", password: "larch-ribbon-123" }, { "user-agent": "TestAgent/2" });
    const withoutAgent = createTestBrowser(t.auth);
    await withoutAgent.post("/sign-in/email", { email: "f@example.com", password: "larch-ribbon-123" });
    const sessions = (await (await withAgent.get("/list-sessions")).json()) as { userAgent: string | null }[];
    expect(sessions.map((s) => s.userAgent).sort()).toEqual(["TestAgent/2", null].sort());
  });
});
