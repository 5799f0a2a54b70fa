import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { ERROR_CODES } from "../src/errors.js";
import {
  createSoftwareAuthenticator,
  createTestBrowser,
  signUpPerson,
  testDialects,
  type TestAuth,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";
import { expectError, sessionCount, signUpAdmin, userOf, userRow } from "./admin-support.js";
import { register } from "./passkey-support.js";
import { createSocialAuth, errorOf, person, runFlow, startSocialProvider } from "./social-harness.js";

const PASSWORD = "correct horse battery";
const BANNED = { code: "BANNED_USER", message: ERROR_CODES.BANNED_USER.message };

/** A ban ends every session at once, refuses every way in, and lapses by itself. */
describe.each(testDialects())("bans on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let t: TestAuth;
  let admin: TestPerson;
  beforeAll(async () => {
    idp = await startSocialProvider();
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, bearer: { enabled: true } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
  });
  afterAll(async () => {
    await t.destroy();
    await idp.close();
  });
  afterEach(async () => {
    await t.database.db.updateTable("user").set({ banned: 0, banReason: null, banExpires: null }).execute();
  });

  async function ban(userId: string, body: Record<string, unknown> = {}): Promise<void> {
    const user = await userOf(await admin.browser.post("/admin/ban-user", { userId, ...body }));
    expect(user.banned).toBe(true);
  }

  it("ends every session, cookie and bearer, and refuses the password", async () => {
    const bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    const signIn = await createTestBrowser(t.auth).post("/sign-in/email", { email: "bea@example.com", password: PASSWORD });
    const bearer = signIn.headers.get("set-auth-token")!;
    const withBearer = async (): Promise<Response> =>
      t.auth.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { authorization: `Bearer ${bearer}` } }));
    expect(await (await withBearer()).json()).toMatchObject({ user: { email: "bea@example.com" } });
    expect(await sessionCount(t, bea.userId)).toBe(2);

    await ban(bea.userId, { banReason: "spam" });
    expect(await sessionCount(t, bea.userId)).toBe(0);
    expect(await (await bea.browser.get("/get-session")).json()).toBeNull();
    expect(await (await withBearer()).json()).toBeNull();
    expect(await userRow(t, bea.userId)).toMatchObject({ banned: 1, banReason: "spam", banExpires: null });

    const refused = await createTestBrowser(t.auth).post("/sign-in/email", { email: "bea@example.com", password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(BANNED);
    // A wrong password still answers as a wrong password: the ban tells nothing to a stranger.
    await expectError(
      await createTestBrowser(t.auth).post("/sign-in/email", { email: "bea@example.com", password: "wrong password!" }),
      401,
      "INVALID_EMAIL_OR_PASSWORD",
    );
    expect(await sessionCount(t, bea.userId)).toBe(0);

    await expectError(await admin.browser.post("/admin/ban-user", { userId: admin.userId }), 400, "YOU_CANNOT_BAN_YOURSELF");
    await expectError(await admin.browser.post("/admin/ban-user", { userId: "nobody" }), 404, "USER_NOT_FOUND");
  });

  it("refuses the social callback with a redirect carrying BANNED_USER, as better-auth does", async () => {
    const grace = person();
    idp.setPerson(grace);
    const browser = createTestBrowser(t.auth);
    const first = await runFlow(browser, idp, { errorCallbackURL: "/login" });
    expect(first.location).toBe("/dashboard");
    const user = await t.database.db.selectFrom("user").select("id").where("email", "=", grace.email!).executeTakeFirstOrThrow();

    await ban(user.id);
    const again = await runFlow(createTestBrowser(t.auth), idp, { errorCallbackURL: "/login" });
    expect(again.callback.status).toBe(302);
    expect(errorOf(again.location)).toBe("BANNED_USER");
    expect(new URL(again.location, "http://localhost:3000").searchParams.get("error_description")).toBe(ERROR_CODES.BANNED_USER.message);
    expect(again.callback.headers.getSetCookie().some((c) => c.startsWith("gatehouse.session_token=") && !/Max-Age=0/.test(c))).toBe(false);
    expect(await sessionCount(t, user.id)).toBe(0);
  });

  it("refuses a passkey", async () => {
    const cleo = await signUpPerson(t.auth, "Cleo", "cleo@example.com");
    const authenticator = createSoftwareAuthenticator();
    await register(cleo.browser, authenticator);
    await ban(cleo.userId);
    const browser = createTestBrowser(t.auth);
    const options = (await (
      await browser.post("/passkey/generate-authenticate-options", { email: "cleo@example.com" })
    ).json()) as PublicKeyCredentialRequestOptionsJSON;
    const refused = await browser.post("/passkey/verify-authentication", { response: authenticator.getAssertion(options) });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(BANNED);
    expect(await sessionCount(t, cleo.userId)).toBe(0);
  });

  it("ends a session the ban did not reach at the session gate", async () => {
    const dan = await signUpPerson(t.auth, "Dan", "dan@example.com");
    // Written behind the endpoint's back: the gate alone must refuse.
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", dan.userId).execute();
    expect(await (await dan.browser.get("/get-session")).json()).toBeNull();
    await expectError(await dan.browser.post("/update-user", { name: "Still here" }), 401, "UNAUTHORIZED");
  });

  it("lapses at banExpires by itself, and unban lifts it at once", async () => {
    const eve = await signUpPerson(t.auth, "Eve", "eve@example.com");
    await ban(eve.userId, { banExpiresIn: 3600 });
    const row = await userRow(t, eve.userId);
    expect(Date.parse(row!.banExpires!)).toBe(t.clock.now().getTime() + 3600_000);
    const signIn = (): Promise<Response> => createTestBrowser(t.auth).post("/sign-in/email", { email: "eve@example.com", password: PASSWORD });
    expect((await signIn()).status).toBe(403);
    t.clock.advance(3600_000);
    expect((await signIn()).status).toBe(200);
    expect(await userRow(t, eve.userId)).toMatchObject({ banned: 0, banReason: null, banExpires: null });

    await ban(eve.userId);
    expect((await signIn()).status).toBe(403);
    const lifted = await userOf(await admin.browser.post("/admin/unban-user", { userId: eve.userId }));
    expect(lifted).toMatchObject({ banned: false, banReason: null, banExpires: null });
    expect((await signIn()).status).toBe(200);
  });

  it("records the refused sign-in", async () => {
    const fay = await signUpPerson(t.auth, "Fay", "fay@example.com");
    await ban(fay.userId);
    await createTestBrowser(t.auth).post("/sign-in/email", { email: "fay@example.com", password: PASSWORD });
    const rows = await t.database.db
      .selectFrom("securityEvent")
      .select(["type", "outcome", "detail"])
      .where("userId", "=", fay.userId)
      .where("type", "=", "sign-in")
      .execute();
    expect(rows).toEqual([{ type: "sign-in", outcome: "failure", detail: JSON.stringify({ reason: "BANNED_USER" }) }]);
  });
});
