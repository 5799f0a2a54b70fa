import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { verifySessionJWT } from "../src/jwt/verify.js";
import type { WireCreatedApiKey, WireSessionResult } from "../src/shared/wire-types.js";
import {
  createTestAuth,
  createTestBrowser,
  signUpPerson,
  TEST_BASE_URL,
  testDialects,
  type TestAuth,
  type TestBrowser,
  type TestOpenIDProvider,
  type TestPerson,
} from "../testing/index.js";
import { cloneBrowser, expectError, signUpAdmin } from "./admin-support.js";
import { createSocialAuth, person, runFlow, startSocialProvider } from "./social-harness.js";

async function impersonate(t: TestAuth, admin: TestPerson, userId: string): Promise<TestBrowser> {
  const browser = cloneBrowser(t, admin.browser);
  const response = await browser.post("/admin/impersonate-user", { userId });
  expect(response.status, await response.clone().text()).toBe(200);
  return browser;
}

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * Review findings on impersonation: an admin acting as someone is held to the impersonation rule
 * on every POST made with the session, also where the endpoint only reads a session when there
 * is one ("optional"): no credential of the person's (an API key, a provider's refresh token)
 * leaves with the admin.
 */
describe.each(testDialects())("impersonation and optional-session endpoints on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let ivy: TestPerson;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    ivy = await signUpPerson(t.auth, "Ivy", "ivy@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("cannot mint an API key of the person's, which would outlive the hour", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    await expectError(await browser.post("/api-key/create", { name: "kept" }), 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    expect(await t.database.db.selectFrom("apikey").select("id").where("userId", "=", ivy.userId).execute()).toEqual([]);
  });

  it("cannot re-enable or extend one of the person's keys", async () => {
    const own = (await (await ivy.browser.post("/api-key/create", { name: "ivy's", expiresIn: 86400 })).json()) as WireCreatedApiKey;
    expect((await ivy.browser.post("/api-key/update", { keyId: own.id, enabled: false })).status).toBe(200);
    const before = await t.database.db.selectFrom("apikey").select(["enabled", "expiresAt"]).where("id", "=", own.id).executeTakeFirstOrThrow();
    const browser = await impersonate(t, admin, ivy.userId);
    await expectError(await browser.post("/api-key/update", { keyId: own.id, enabled: true, expiresIn: null }), 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    expect(await t.database.db.selectFrom("apikey").select(["enabled", "expiresAt"]).where("id", "=", own.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(before.enabled).toBe(0);
  });

  it("is refused on every POST that reads a session when present, unless it opts in", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const refusals: Array<[string, Record<string, unknown>]> = [
      ["/api-key/create", { name: "kept" }],
      ["/api-key/update", { keyId: "any", enabled: true }],
      ["/refresh-token", { providerId: "google" }],
      ["/get-access-token", { providerId: "google" }],
      ["/two-factor/verify-totp", { code: "123456" }],
      ["/two-factor/verify-backup-code", { code: "abcde-fghij" }],
      ["/send-verification-email", { email: "ivy@example.com" }],
      ["/sign-in/anonymous", {}],
    ];
    for (const [path, body] of refusals) {
      await expectError(await browser.post(path, body), 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    }
    // Reads, and the ways out, stay open.
    const permission = await browser.post("/admin/has-permission", { permissions: { user: ["list"] } });
    expect(await permission.json()).toEqual({ error: null, success: false });
    expect(((await (await browser.get("/get-session")).json()) as WireSessionResult).user.id).toBe(ivy.userId);
    expect((await browser.post("/admin/stop-impersonating")).status).toBe(200);
    expect(((await (await browser.get("/get-session")).json()) as WireSessionResult).user.id).toBe(admin.userId);
  });

  it("sign-out ends the impersonation session", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await browser.post("/sign-out")).status).toBe(200);
    expect(await t.database.db.selectFrom("session").select("id").where("impersonatedBy", "=", admin.userId).execute()).toEqual([]);
  });

  it("the person's own session is not held to the rule", async () => {
    expect((await ivy.browser.post("/api-key/create", { name: "mine" })).status).toBe(200);
  });
});

describe.each(testDialects())("impersonation and the person's provider tokens on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("neither refresh-token nor get-access-token hands the provider's tokens to the admin, and the stored ones stay", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false } }, { accessType: "offline", prompt: "consent" });
    idp.setPerson(person());
    const victim = createTestBrowser(t.auth);
    await runFlow(victim, idp);
    const victimId = ((await (await victim.get("/get-session")).json()) as WireSessionResult).user.id;
    const stored = () =>
      t.database.db.selectFrom("account").select(["accessToken", "refreshToken", "idToken"]).where("userId", "=", victimId).executeTakeFirstOrThrow();
    const before = await stored();
    expect(before.refreshToken).not.toBeNull();
    const admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    const browser = await impersonate(t, admin, victimId);

    await expectError(await browser.post("/refresh-token", { providerId: "google" }), 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    await expectError(await browser.post("/get-access-token", { providerId: "google" }), 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    expect(await stored()).toEqual(before);
    // The person's own session still refreshes.
    expect((await victim.post("/refresh-token", { providerId: "google" })).status).toBe(200);
  });
});

/**
 * An impersonation session is a row of the person's that names the admin: it stands only while
 * that admin may still impersonate. Banning, demoting or removing the admin, or the admin revoking
 * all their own sessions (a stolen admin cookie), ends it.
 */
describe.each(testDialects())("impersonation outlives no change to the admin on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let other: TestPerson;
  let ivy: TestPerson;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    other = await signUpAdmin(t, "Olga Admin", "olga@example.com");
    ivy = await signUpPerson(t.auth, "Ivy", "ivy@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function whoIs(browser: TestBrowser): Promise<string | null> {
    const session = (await (await browser.get("/get-session")).json()) as WireSessionResult | null;
    return session?.user.id ?? null;
  }

  async function impersonationsBy(adminId: string): Promise<number> {
    return (await t.database.db.selectFrom("session").select("id").where("impersonatedBy", "=", adminId).execute()).length;
  }

  it("banning the admin ends it, at the session gate as at get-session", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const reading = await impersonate(t, admin, ivy.userId);
    expect(await whoIs(browser)).toBe(ivy.userId);
    expect((await other.browser.post("/admin/ban-user", { userId: admin.userId, banReason: "rogue" })).status).toBe(200);
    await expectError(await reading.get("/list-sessions"), 401, "UNAUTHORIZED");
    expect(await whoIs(browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
  });

  it("a ban set to end later still ends it now", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await other.browser.post("/admin/ban-user", { userId: admin.userId, banExpiresIn: 60 })).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
  });

  it("demoting the admin ends it", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await other.browser.post("/admin/set-role", { userId: admin.userId, role: "user" })).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
  });

  it("removing the admin ends it", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await other.browser.post("/admin/remove-user", { userId: admin.userId })).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
  });

  it("the admin revoking all their own sessions ends the impersonations started from them, and no one else's", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const olgas = await impersonate(t, other, ivy.userId);
    expect((await admin.browser.post("/revoke-sessions")).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
    // Nothing to stop, and nothing to go back to: the kept admin session ended with the others.
    await expectError(await browser.post("/admin/stop-impersonating"), 401, "UNAUTHORIZED");
    expect(await whoIs(admin.browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
    expect(await whoIs(olgas)).toBe(ivy.userId);
    const logged = await t.database.db
      .selectFrom("securityEvent")
      .select("detail")
      .where("type", "=", "session-revoked")
      .where("userId", "=", admin.userId)
      .execute();
    expect(logged.map((row) => JSON.parse(row.detail!) as unknown)).toEqual([{ scope: "all", count: 1, impersonations: 1 }]);
  });

  it("the admin signing out everywhere else ends the impersonations too, and is logged", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const elsewhere = createTestBrowser(t.auth);
    expect((await elsewhere.post("/sign-in/email", { email: "ada@example.com", password: "correct horse battery" })).status).toBe(200);
    expect((await elsewhere.post("/revoke-other-sessions")).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
    expect(await whoIs(elsewhere)).toBe(admin.userId);
    const logged = await t.database.db.selectFrom("securityEvent").select("detail").where("type", "=", "session-revoked").execute();
    expect(logged.map((row) => JSON.parse(row.detail!) as unknown)).toEqual([{ scope: "others", count: 1, impersonations: 1 }]);
  });

  it("another admin revoking the admin's sessions ends the impersonations the admin started", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await other.browser.post("/admin/revoke-user-sessions", { userId: admin.userId })).status).toBe(200);
    expect(await whoIs(browser)).toBeNull();
    expect(await impersonationsBy(admin.userId)).toBe(0);
    const logged = await t.database.db.selectFrom("securityEvent").select("detail").where("type", "=", "user-sessions-revoked-by-admin").execute();
    expect(logged.map((row) => JSON.parse(row.detail!) as unknown)).toEqual([{ scope: "all", count: 1, impersonations: 1 }]);
  });

  it("holds while the admin may still impersonate: changes to other people end nothing", async () => {
    const ned = await signUpPerson(t.auth, "Ned", "ned@example.com");
    const browser = await impersonate(t, admin, ivy.userId);
    expect((await other.browser.post("/admin/ban-user", { userId: ned.userId })).status).toBe(200);
    expect((await other.browser.post("/admin/set-role", { userId: ned.userId, role: "admin" })).status).toBe(200);
    expect((await other.browser.post("/revoke-sessions")).status).toBe(200);
    expect(await whoIs(browser)).toBe(ivy.userId);
    expect((await browser.post("/admin/stop-impersonating")).status).toBe(200);
  });
});

/**
 * A JWT minted through an impersonation session (GET /token, get-session's set-auth-jwt) tells the
 * services that trust it who is acting (RFC 8693 `act`), and ends with the impersonation.
 */
describe.each(testDialects())("session JWTs of an impersonation on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let ivy: TestPerson;
  beforeEach(async () => {
    // The real clock's time: verifySessionJWT checks expiry against now.
    t = await createTestAuth({ dialect, now: new Date(), options: { rateLimit: { enabled: false }, jwt: { enabled: true } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    ivy = await signUpPerson(t.auth, "Ivy", "ivy@example.com");
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function jwks(): Promise<JSONWebKeySet> {
    return (await (await createTestBrowser(t.auth).get("/jwks")).json()) as JSONWebKeySet;
  }

  async function tokenOf(browser: TestBrowser): Promise<string> {
    const answer = await browser.get("/token");
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { token: string }).token;
  }

  it("names the admin in act.sub and verifies as the person's", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const claims = await verifySessionJWT(await tokenOf(browser), { jwks: await jwks(), issuer: TEST_BASE_URL, audience: TEST_BASE_URL });
    expect(claims).toMatchObject({ sub: ivy.userId, id: ivy.userId, act: { sub: admin.userId } });
    expect(claims.exp! - claims.iat!).toBe(5 * 60);
    // get-session's header is the same token; the person's own and the admin's own carry no act.
    expect((await browser.get("/get-session")).headers.get("set-auth-jwt")).toBe(await tokenOf(browser));
    for (const own of [ivy.browser, admin.browser]) {
      const { payload } = await jwtVerify(await tokenOf(own), createLocalJWKSet(await jwks()), { issuer: TEST_BASE_URL, audience: TEST_BASE_URL });
      expect(payload).not.toHaveProperty("act");
    }
  });

  it("does not outlive the impersonation session", async () => {
    const browser = await impersonate(t, admin, ivy.userId);
    const { session } = (await (await browser.get("/get-session")).json()) as WireSessionResult;
    t.clock.advance(55 * 60_000);
    const token = await tokenOf(browser);
    const { payload } = await jwtVerify(token, createLocalJWKSet(await jwks()), { issuer: TEST_BASE_URL, audience: TEST_BASE_URL, currentDate: t.clock.now() });
    expect(payload.exp).toBe(Math.floor(Date.parse(session.expiresAt) / 1000));
    expect(payload.act).toEqual({ sub: admin.userId });
    t.clock.advance(5 * 60_000);
    await expect(
      jwtVerify(token, createLocalJWKSet(await jwks()), { issuer: TEST_BASE_URL, audience: TEST_BASE_URL, currentDate: t.clock.now() }),
    ).rejects.toThrow(/exp/);
  });
});
