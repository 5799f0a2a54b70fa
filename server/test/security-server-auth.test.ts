import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_PARAMS, silentLogger, type Auth, type MailMessage } from "@gatehouse/auth-core";
import { createTestBrowser, createTestDatabase, TEST_SCRYPT_PARAMS, TEST_SECRET, settledMailedLink, type TestDatabase } from "@gatehouse/auth-core/testing";
import { createServerAuth } from "../src/auth.js";
import { readConfig } from "../src/env.js";

/**
 * The server's own auth configuration. Anyone can register an address they do not own through
 * POST /api/auth/sign-up/email (it stays unverified), so nothing may be granted to an address
 * merely because a user row carries it.
 */
describe("server auth configuration", () => {
  let database: TestDatabase;
  afterEach(async () => database.destroy());

  const mails: MailMessage[] = [];
  async function serverAuth(): Promise<Auth> {
    database = await createTestDatabase("sqlite");
    mails.length = 0;
    return createServerAuth({
      config: readConfig({ RATE_LIMIT: "off" }),
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async (m) => void mails.push(m) },
      logger: silentLogger,
      scrypt: TEST_SCRYPT_PARAMS,
    });
  }

  it("hashes passwords at the library's production cost; only a test asks for less", async () => {
    database = await createTestDatabase("sqlite");
    const auth = createServerAuth({
      config: readConfig({ RATE_LIMIT: "off" }),
      db: database.db,
      dialect: "sqlite",
      secret: TEST_SECRET,
      mailer: { send: async () => undefined },
      logger: silentLogger,
    });
    const signedUp = await createTestBrowser(auth).post("/sign-up/email", { name: "Cost", email: "cost@example.com", password: "a costly passphrase" });
    expect(signedUp.status).toBe(200);
    const { password } = await database.db.selectFrom("account").select("password").where("providerId", "=", "credential").executeTakeFirstOrThrow();
    // scrypt$N$r$p$salt$key: the parameters the hash was made with, and a 64-byte key.
    const [, N, r, p, , key] = (password ?? "").split("$");
    expect([Number(N), Number(r), Number(p), Buffer.from(key ?? "", "base64url").length]).toEqual([
      DEFAULT_SCRYPT_PARAMS.N,
      DEFAULT_SCRYPT_PARAMS.r,
      DEFAULT_SCRYPT_PARAMS.p,
      DEFAULT_SCRYPT_PARAMS.keyLength,
    ]);
    expect(DEFAULT_SCRYPT_PARAMS.N * DEFAULT_SCRYPT_PARAMS.r).toBeGreaterThan(TEST_SCRYPT_PARAMS.N * TEST_SCRYPT_PARAMS.r);
    await auth.settled();
  });

  it("hashes new passwords at PASSWORD_SCRYPT's cost, and still verifies a password hashed at another", async () => {
    database = await createTestDatabase("sqlite");
    const withCost = (PASSWORD_SCRYPT: string | undefined): Auth =>
      createServerAuth({
        config: readConfig({ RATE_LIMIT: "off", PASSWORD_SCRYPT }),
        db: database.db,
        dialect: "sqlite",
        secret: TEST_SECRET,
        mailer: { send: async () => undefined },
        logger: silentLogger,
      });
    const storedCost = async (email: string): Promise<number[]> => {
      const { password } = await database.db
        .selectFrom("account")
        .innerJoin("user", "user.id", "account.userId")
        .select("account.password")
        .where("user.email", "=", email)
        .where("account.providerId", "=", "credential")
        .executeTakeFirstOrThrow();
      return (password ?? "").split("$").slice(1, 4).map(Number);
    };
    const cheap = withCost("1024,8,1");
    expect((await createTestBrowser(cheap).post("/sign-up/email", { name: "Cheap", email: "cheap@example.com", password: "a cheap passphrase" })).status).toBe(
      200,
    );
    expect(await storedCost("cheap@example.com")).toEqual([1024, 8, 1]);
    await cheap.settled();
    // A server with another cost (here the default) still signs the person in: each hash carries its parameters.
    const standard = withCost(undefined);
    expect((await createTestBrowser(standard).post("/sign-in/email", { email: "cheap@example.com", password: "a cheap passphrase" })).status).toBe(200);
    expect((await createTestBrowser(standard).post("/sign-in/email", { email: "cheap@example.com", password: "not the passphrase" })).status).toBe(401);
    await standard.settled();
  });

  it("an organization invitation cannot be accepted by someone who merely registered the invited address", async () => {
    const auth = await serverAuth();
    const owner = createTestBrowser(auth);
    await owner.post("/sign-up/email", { name: "Owner", email: "owner@example.com", password: "owner-password" });
    const org = (await (await owner.post("/organization/create", { name: "Acme", slug: "acme" })).json()) as { id: string };
    const invited = await owner.post("/organization/invite-member", { email: "invitee@example.com", role: "admin", organizationId: org.id });
    const invitation = (await invited.json()) as { id: string };
    expect(invited.status).toBe(200);

    const squatter = createTestBrowser(auth);
    await squatter.post("/sign-up/email", { name: "Squatter", email: "invitee@example.com", password: "squatter-password" });
    const accepted = await squatter.post("/organization/accept-invitation", { invitationId: invitation.id });
    expect(accepted.status).toBe(403);
    expect(((await accepted.json()) as { code: string }).code).toBe("EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_INVITATION");
    const members = await database.db.selectFrom("member").select("role").execute();
    expect(members.map((m) => m.role)).toEqual(["owner"]);
  });

  it("a password reset ends every session, so a stolen one does not outlive it", async () => {
    const auth = await serverAuth();
    const owner = createTestBrowser(auth);
    await owner.post("/sign-up/email", { name: "Owner", email: "owner@example.com", password: "owner-password" });
    const thief = createTestBrowser(auth);
    for (const [name, value] of owner.cookies) thief.cookies.set(name, value);
    expect(await (await thief.get("/get-session")).json()).not.toBeNull();

    await createTestBrowser(auth).post("/request-password-reset", { email: "owner@example.com", redirectTo: "/reset" });
    const token = (await settledMailedLink(auth, mails, "/reset-password/")).pathname.split("/").at(-1)!;
    expect((await createTestBrowser(auth).post("/reset-password", { token, newPassword: "a new password" })).status).toBe(200);
    expect(await (await thief.get("/get-session")).json()).toBeNull();
  });
});
