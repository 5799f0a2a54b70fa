import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../src/crypto/token-hash.js";
import { readCookie, signCookieValue } from "../src/http/cookies.js";
import { createSignedTokenVerifier } from "../src/session/signed-token-verifier.js";
import { kyselyLookups, type Lookups } from "../src/store/lookups.js";
import { createTestAuth, createTestAuthBeside, createTestBrowser, TEST_BASE_URL, testDialects, type TestAuth } from "../testing/index.js";

/**
 * The get-session hot path remembers which signed cookies passed their HMAC check and
 * hands its draft headers to the answer. Neither may change an answer: a sign-out or revocation
 * is refused on the very next request with the same cookie, a tampered cookie is refused
 * whatever was accepted before, and the answer's headers are those of the wire contract.
 */
describe("signed token verifier", () => {
  const key = Buffer.alloc(32, 7);

  it("accepts a correctly signed token, again and again, and nothing altered", () => {
    const verifier = createSignedTokenVerifier(key);
    const signed = signCookieValue(key, "a".repeat(32));
    expect(verifier.verify(signed)).toBe("a".repeat(32));
    expect(verifier.verify(signed)).toBe("a".repeat(32));
    const [value, signature] = signed.split(".") as [string, string];
    expect(verifier.verify(`${value}.${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`)).toBeNull();
    expect(verifier.verify(`${"b".repeat(32)}.${signature}`)).toBeNull();
    expect(verifier.verify(signCookieValue(Buffer.alloc(32, 8), "a".repeat(32)))).toBeNull();
    expect(verifier.verify("no-signature")).toBeNull();
  });

  it("stays correct past its bound", () => {
    const verifier = createSignedTokenVerifier(key, 2);
    const values = ["x", "y", "z"].map((c) => c.repeat(32));
    for (let round = 0; round < 2; round++) {
      for (const value of values) {
        expect(verifier.verify(signCookieValue(key, value))).toBe(value);
        expect(verifier.hashOf(value)).toBe(hashToken(value));
      }
    }
    expect(verifier.hashOf("x".repeat(32))).toBe(hashToken("x".repeat(32)));
  });

  it("gives the stored hash of any token, verified or not", () => {
    const verifier = createSignedTokenVerifier(key);
    expect(verifier.hashOf("never-verified")).toBe(hashToken("never-verified"));
    verifier.verify(signCookieValue(key, "a".repeat(32)));
    expect(verifier.hashOf("a".repeat(32))).toBe(hashToken("a".repeat(32)));
    expect(verifier.hashOf("b".repeat(32))).toBe(hashToken("b".repeat(32)));
  });
});

describe("readCookie", () => {
  it("finds one cookie among others, trimmed and decoded, the first of its name", () => {
    expect(readCookie("a=1; gatehouse.session_token=abc.def; b=2", "gatehouse.session_token")).toBe("abc.def");
    expect(readCookie("gatehouse.session_token=abc%2Bdef%3D", "gatehouse.session_token")).toBe("abc+def=");
    expect(readCookie("  x = y ;x=z", "x")).toBe("y");
    expect(readCookie("xx=1; x=2", "x")).toBe("2");
    expect(readCookie("novalue; x=", "x")).toBe("");
    expect(readCookie("a=1;;b=2", "b")).toBe("2");
  });

  it("answers null for a missing cookie, an empty header and an undecodable value", () => {
    expect(readCookie("a=1; b=2", "c")).toBeNull();
    expect(readCookie("a=1; b", "b")).toBeNull();
    expect(readCookie(null, "a")).toBeNull();
    expect(readCookie("", "a")).toBeNull();
    expect(readCookie("a=%E0%A4%A", "a")).toBeNull();
  });
});

describe.each(testDialects())("get-session hot path on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function signedIn(): Promise<{ browser: ReturnType<typeof createTestBrowser>; cookie: string }> {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, jwt: { enabled: true } } });
    const browser = createTestBrowser(t.auth);
    const up = await browser.request("/sign-up/email", { method: "POST", body: { name: "H", email: "h@example.com", password: "unusual-phrase-7" } });
    expect(up.status).toBe(200);
    return { browser, cookie: browser.cookieHeader() };
  }

  async function getSession(cookie: string): Promise<Response> {
    return t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } }), { clientAddress: "127.0.0.1" });
  }

  it("refuses the same cookie on the request right after a sign-out", async () => {
    const { browser, cookie } = await signedIn();
    for (let i = 0; i < 3; i++) expect(await (await getSession(cookie)).json()).toMatchObject({ user: { email: "h@example.com" } });
    expect((await browser.request("/sign-out", { method: "POST", body: {} })).status).toBe(200);
    const after = await getSession(cookie);
    expect(await after.json()).toBeNull();
    expect(after.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
  });

  it("refuses the same cookie on the request right after its session is revoked elsewhere", async () => {
    const { cookie } = await signedIn();
    expect(await (await getSession(cookie)).json()).not.toBeNull();
    const other = createTestBrowser(t.auth);
    await other.request("/sign-in/email", { method: "POST", body: { email: "h@example.com", password: "unusual-phrase-7" } });
    expect((await other.request("/revoke-other-sessions", { method: "POST", body: {} })).status).toBe(200);
    expect(await (await getSession(cookie)).json()).toBeNull();
  });

  it("refuses a tampered cookie after the genuine one was accepted", async () => {
    const { cookie } = await signedIn();
    expect(await (await getSession(cookie)).json()).not.toBeNull();
    const tampered = cookie.replace(/(.)$/, (c) => (c === "A" ? "B" : "A"));
    expect(await (await getSession(tampered)).json()).toBeNull();
  });

  it("answers with the wire contract's headers", async () => {
    const { cookie } = await signedIn();
    const answer = await getSession(cookie);
    expect(answer.headers.get("content-type")).toBe("application/json");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("set-auth-jwt")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(answer.headers.get("access-control-expose-headers")).toBe("set-auth-jwt");
    expect([...answer.headers.keys()].sort()).toEqual(["access-control-expose-headers", "cache-control", "content-type", "set-auth-jwt"]);
    const signedOut = await getSession("");
    expect(await signedOut.json()).toBeNull();
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
  });

  it("routes a plain path as it stands, and normalizes any other before matching", async () => {
    const { cookie } = await signedIn();
    const at = async (path: string) =>
      (await t.auth.handler(new Request(`${TEST_BASE_URL}${path}`, { headers: { cookie } }), { clientAddress: "127.0.0.1" })).status;
    expect(await at("/api/auth/get-session")).toBe(200);
    expect(await at("/api/auth/get-session/")).toBe(200);
    expect(await at("/api/auth/get-session?disableRefresh=true")).toBe(200);
    expect(await at("/api/auth/get-session?disableRefresh=maybe")).toBe(400);
    expect(await at("/api/auth/x/../get-session")).toBe(200);
    expect(await at("/api/auth/%67et-session")).toBe(404);
    expect(await at("/api/auth/get_session")).toBe(404);
    expect(await at("/api/authget-session")).toBe(404);
  });

  it("answers at once only when nothing had to wait, and the same as through the promise", async () => {
    const { browser, cookie } = await signedIn();
    const respond = (headers: Record<string, string>, query = "") =>
      t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session${query}`, { headers }), { clientAddress: "127.0.0.1" });
    const settled = async (answer: Response | Promise<Response>) => {
      const response = await answer;
      return { status: response.status, headers: [...response.headers], body: await response.text() };
    };
    // Signed out: nothing to wait for on either database.
    expect(respond({})).toBeInstanceOf(Response);
    const first = await settled(respond({ cookie }));
    expect(first.headers.find(([name]) => name === "set-auth-jwt")?.[1]).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // Signed in, the JWT signed: at once where the lookup is (SQLite), else through a promise; the same bytes.
    const again = respond({ cookie });
    expect(again instanceof Response).toBe(dialect === "sqlite");
    expect(await settled(again)).toEqual(first);
    expect(await settled(t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } })))).toEqual(first);
    // A changed user is read, and its JWT signed again, on the next request.
    expect((await browser.request("/update-user", { method: "POST", body: { name: "Renamed" } })).status).toBe(200);
    const renamed = await settled(respond({ cookie }));
    expect(JSON.parse(renamed.body)).toMatchObject({ user: { name: "Renamed" } });
    expect(renamed.headers.find(([name]) => name === "set-auth-jwt")?.[1]).not.toBe(first.headers.find(([name]) => name === "set-auth-jwt")?.[1]);
    // A refresh that is due writes, so it waits; the answer carries the new cookie.
    t.clock.advance(2 * 86_400_000);
    const refreshing = respond({ cookie });
    expect(refreshing).toBeInstanceOf(Promise);
    expect((await refreshing).headers.getSetCookie().join()).toMatch(/session_token=.*Max-Age=604800/);
    // Revoked: the next answer is null and clears the cookie, at once or not.
    expect((await browser.request("/sign-out", { method: "POST", body: {} })).status).toBe(200);
    const out = await respond({ cookie });
    expect(await out.json()).toBeNull();
    expect(out.headers.getSetCookie().join()).toMatch(/Max-Age=0/);
    // Errors still come back as answers.
    expect((await respond({ cookie }, "?disableRefresh=maybe")).status).toBe(400);
  });

  it("answers a person's API key at once on SQLite when its use counts nothing, with the router's bytes", async () => {
    // Without the keys' own limit a use within the minute of the last writes nothing (as the benchmark runs).
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, apiKey: { rateLimit: { enabled: false } } } });
    const browser = createTestBrowser(t.auth);
    expect(
      (await browser.request("/sign-up/email", { method: "POST", body: { name: "H", email: "h@example.com", password: "unusual-phrase-7" } })).status,
    ).toBe(200);
    const created = await browser.request("/api-key/create", { method: "POST", body: { name: "reader" } });
    expect(created.status).toBe(200);
    const { key } = (await created.json()) as { key: string };
    const ask = (query = "") =>
      t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session${query}`, { headers: { "x-api-key": key } }), { clientAddress: "127.0.0.1" });
    const wire = async (answer: Response | Promise<Response>) => {
      const response = await answer;
      return { status: response.status, headers: [...response.headers], body: await response.text() };
    };
    // The first use writes the key's last use (and the day's first-use row) after its answer: at once on SQLite too.
    const first = ask();
    expect(first instanceof Response).toBe(dialect === "sqlite");
    const written = await wire(first);
    expect(JSON.parse(written.body)).toMatchObject({ user: { email: "h@example.com" } });
    await t.auth.settled();
    // Within the minute nothing is written: at once on SQLite, the same bytes as the router's (a query sends it there).
    const quick = ask();
    expect(quick instanceof Response).toBe(dialect === "sqlite");
    const routed = ask("?disableRefresh=true");
    expect(routed).toBeInstanceOf(Promise);
    expect(await wire(quick)).toEqual(await wire(routed));
  });

  it("reads a session once when its JWT must be signed, and answers what the router answers", async () => {
    const { cookie } = await signedIn();
    // Another process on the same database: its JWT memory is empty, so this session's JWT is signed there.
    const reads: string[] = [];
    const lookups = t.database.lookups ?? kyselyLookups(t.database.db);
    const counted: Lookups = {
      read: (query) => (reads.push(query.sql), lookups.read(query)),
      ...(lookups.readNow ? { readNow: (query) => (reads.push(query.sql), lookups.readNow!(query)) } : {}),
    };
    const beside = createTestAuthBeside({ ...t, database: { ...t.database, lookups: counted } }, { rateLimit: { enabled: false }, jwt: { enabled: true } });
    const response = await beside.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } }), { clientAddress: "127.0.0.1" });
    const jwt = response.headers.get("set-auth-jwt");
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(response.headers.get("access-control-expose-headers")).toBe("set-auth-jwt");
    expect(await response.json()).toMatchObject({ user: { email: "h@example.com" } });
    expect(reads).toHaveLength(1);
    // The router's answer with the JWT now remembered (a query sends it there): the same token and body.
    const routed = await beside.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session?disableRefresh=true`, { headers: { cookie } }));
    expect(routed.headers.get("set-auth-jwt")).toBe(jwt);
  });

  it("answers at once with in-memory rate limits on, and refuses past the limit", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: true, storage: "memory", endpoints: { getSession: { window: 60, max: 3 } } } } });
    const respond = () => t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth/get-session`), { clientAddress: "192.0.2.7" });
    for (let i = 0; i < 3; i++) {
      const answer = respond();
      expect(answer).toBeInstanceOf(Response);
      expect(await (answer as Response).json()).toBeNull();
    }
    const refused = respond();
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).status).toBe(429);
    expect((refused as Response).headers.get("x-retry-after")).toMatch(/^\d+$/);
  });

  it("writes nothing on a get-session that has nothing to refresh, and refreshes when due", async () => {
    const { cookie } = await signedIn();
    const before = await t.database.db.selectFrom("session").select(["expiresAt", "updatedAt"]).executeTakeFirstOrThrow();
    const quiet = await getSession(cookie);
    expect(quiet.headers.getSetCookie()).toEqual([]);
    expect(await t.database.db.selectFrom("session").select(["expiresAt", "updatedAt"]).executeTakeFirstOrThrow()).toEqual(before);
    t.clock.advance(2 * 86_400_000); // past updateAge (1 day)
    const refreshed = await getSession(cookie);
    expect(refreshed.headers.getSetCookie().join()).toMatch(/session_token=.*Max-Age=604800/);
    const after = await t.database.db.selectFrom("session").select(["expiresAt"]).executeTakeFirstOrThrow();
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt));
  });
});
