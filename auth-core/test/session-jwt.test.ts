import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { verifySessionJWT } from "../src/jwt/verify.js";
import type { AuthOptions } from "../src/options.js";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

/**
 * Session JWTs for services. /token and get-session's set-auth-jwt give a
 * JWT that verifies against /jwks, with the user's claims; a session's JWT is reused until a third
 * of its life remains; a revoked session gets none; rotated keys stay published until their
 * tokens expire.
 */
const MINUTE = 60 * 1000;

describe.each(testDialects())("session JWTs on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(jwt: AuthOptions["jwt"] = {}): Promise<TestBrowser> {
    // The real clock's time: verifySessionJWT checks expiry against now.
    t = await createTestAuth({ dialect, now: new Date(), options: { rateLimit: { enabled: false }, jwt: { enabled: true, ...jwt } } });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Jo", email: "jo@example.com", password: "unusual-phrase-7" })).status).toBe(200);
    return browser;
  }

  async function jwks(): Promise<JSONWebKeySet> {
    const answer = await createTestBrowser(t.auth).get("/jwks");
    expect(answer.status).toBe(200);
    return (await answer.json()) as JSONWebKeySet;
  }

  async function tokenOf(browser: TestBrowser): Promise<string> {
    const answer = await browser.get("/token");
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { token: string }).token;
  }

  /** Verified at the test clock's time. */
  async function claimsAt(token: string): Promise<Record<string, unknown>> {
    const { payload } = await jwtVerify(token, createLocalJWKSet(await jwks()), { issuer: TEST_BASE_URL, audience: TEST_BASE_URL, currentDate: t.clock.now() });
    return payload;
  }

  it("/token gives an EdDSA JWT with the user's claims that verifies against /jwks", async () => {
    const browser = await setup();
    const token = await tokenOf(browser);
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: "EdDSA", typ: "JWT" });
    const session = (await (await browser.get("/get-session")).json()) as { session: { id: string }; user: { id: string } };
    const claims = await verifySessionJWT(token, { jwks: await jwks(), issuer: TEST_BASE_URL, audience: TEST_BASE_URL });
    expect(claims).toMatchObject({
      sub: session.user.id,
      id: session.user.id,
      email: "jo@example.com",
      name: "Jo",
      emailVerified: false,
      sid: session.session.id,
      iss: TEST_BASE_URL,
      aud: TEST_BASE_URL,
    });
    // The default lifetime: 5 minutes (session-jwt-lifetime.test.ts).
    expect(claims.exp! - claims.iat!).toBe(5 * 60);
    const keys = await jwks();
    expect(keys.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(keys.keys[0]).not.toHaveProperty("d");
    await expect(verifySessionJWT(token, { jwks: keys, issuer: TEST_BASE_URL, audience: "https://other.example" })).rejects.toThrow();
  });

  it("keeps the private key encrypted at rest", async () => {
    const browser = await setup();
    await tokenOf(browser);
    const row = await t.database.db.selectFrom("jwks").selectAll().executeTakeFirstOrThrow();
    expect(row.privateKey).toMatch(/^v1\./);
    expect(row.privateKey).not.toContain('"d"');
    expect(JSON.parse(row.publicKey)).not.toHaveProperty("d");
  });

  it("get-session sends the session's JWT in set-auth-jwt, reused until a third of its life remains", async () => {
    const browser = await setup({ expiresIn: 15 * 60 });
    const first = (await browser.get("/get-session")).headers.get("set-auth-jwt")!;
    expect(await claimsAt(first)).toMatchObject({ email: "jo@example.com" });
    t.clock.advance(9 * MINUTE);
    expect((await browser.get("/get-session")).headers.get("set-auth-jwt")).toBe(first);
    expect(await tokenOf(browser)).toBe(first);
    t.clock.advance(2 * MINUTE); // 11 minutes: less than a third of 15 remains
    const renewed = (await browser.get("/get-session")).headers.get("set-auth-jwt")!;
    expect(renewed).not.toBe(first);
    expect(await claimsAt(renewed)).toMatchObject({ email: "jo@example.com" });
  });

  it("never outlives its session: exp is capped at the session's end, and its reuse at a third of that shorter life", async () => {
    const browser = await setup({ expiresIn: 15 * 60 });
    const { session } = (await (await browser.get("/get-session")).json()) as { session: { expiresAt: string } };
    const end = Date.parse(session.expiresAt);
    t.clock.set(new Date(end - 6 * MINUTE));
    const near = await tokenOf(browser);
    const claims = await claimsAt(near);
    expect(claims.exp).toBe(Math.floor(end / 1000));
    expect(claims).not.toHaveProperty("act");
    t.clock.advance(3 * MINUTE); // half of its 6 minutes gone: reused
    expect(await tokenOf(browser)).toBe(near);
    t.clock.advance(MINUTE + 1000); // less than a third of them left: signed again, still capped
    const renewed = await tokenOf(browser);
    expect(renewed).not.toBe(near);
    expect((await claimsAt(renewed)).exp).toBe(Math.floor(end / 1000));
  });

  it("signs none for an in-process get-session that asks for the data only; one asking for the Response gets it", async () => {
    const browser = await setup();
    const { sessionJWT } = t.auth.context;
    const signing = sessionJWT.tokenFor;
    let signed = 0;
    sessionJWT.tokenFor = (...args) => {
      signed += 1;
      return signing(...args);
    };
    try {
      const headers = { cookie: browser.cookieHeader() };
      const data = await t.auth.api.getSession({ headers, query: { disableRefresh: "true" } });
      expect(data?.user.email).toBe("jo@example.com");
      expect(signed).toBe(0);
      const response = await t.auth.api.getSession({ headers, asResponse: true });
      expect(signed).toBe(1);
      expect(response.headers.get("set-auth-jwt")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    } finally {
      sessionJWT.tokenFor = signing;
    }
  });

  it("a profile change gets a new JWT at once", async () => {
    const browser = await setup();
    const before = await tokenOf(browser);
    t.clock.advance(1000);
    await browser.post("/update-user", { name: "Joanna" });
    const after = await tokenOf(browser);
    expect(after).not.toBe(before);
    expect(await claimsAt(after)).toMatchObject({ name: "Joanna" });
  });

  it("a revoked session gets no JWT", async () => {
    const browser = await setup();
    await tokenOf(browser);
    const other = createTestBrowser(t.auth);
    await other.post("/sign-in/email", { email: "jo@example.com", password: "unusual-phrase-7" });
    await other.post("/revoke-other-sessions", {});
    expect((await browser.get("/token")).status).toBe(401);
    const answer = await browser.get("/get-session");
    expect(await answer.json()).toBeNull();
    expect(answer.headers.get("set-auth-jwt")).toBeNull();
  });

  it("rotates keys and keeps a retired key published until its tokens expire", async () => {
    const browser = await setup({ keyRotationInterval: 10 * 60, expiresIn: 15 * 60 });
    const old = await tokenOf(browser);
    const oldKid = decodeProtectedHeader(old).kid;
    t.clock.advance(10 * MINUTE + 1000);
    await browser.post("/update-user", { name: "Jo 2" }); // a new JWT is signed with a new key
    const fresh = await tokenOf(browser);
    expect(decodeProtectedHeader(fresh).kid).not.toBe(oldKid);
    expect((await jwks()).keys.map((k) => k.kid)).toEqual(expect.arrayContaining([oldKid, decodeProtectedHeader(fresh).kid]));
    expect(await claimsAt(old)).toMatchObject({ email: "jo@example.com" }); // 5 minutes left
    t.clock.advance(16 * MINUTE);
    expect((await jwks()).keys.map((k) => k.kid)).not.toContain(oldKid);
  });

  it("is off by default: /token and /jwks answer 404 and get-session sends no JWT", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "N", email: "n@example.com", password: "unusual-phrase-7" });
    expect((await browser.get("/token")).status).toBe(404);
    expect((await browser.get("/jwks")).status).toBe(404);
    expect((await browser.get("/get-session")).headers.get("set-auth-jwt")).toBeNull();
  });
});
