import { afterEach, describe, expect, it } from "vitest";
import type { AuthOptions } from "../src/options.js";
import { createTestAuth, createTestBrowser, TEST_BASE_URL, testDialects, type TestAuth } from "../testing/index.js";

/**
 * Sessions for clients that cannot hold cookies (the bearer option). The answer of a sign-in
 * carries the signed session token in set-auth-token; Authorization: Bearer <it> then works
 * wherever the cookie does, with the same signature, expiry, freshness and revocation, and needs
 * no Origin header; a cookie wins when both are sent.
 */
const DAY = 24 * 60 * 60 * 1000;

describe.each(testDialects())("bearer sessions on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  async function setup(options: Partial<AuthOptions> = {}): Promise<void> {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, bearer: { enabled: true }, ...options } });
  }

  /** A client with no cookie jar and no Origin: a command-line tool or a mobile app. */
  async function call(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers["content-type"] = "application/json";
    return t.auth.handler(
      new Request(`${TEST_BASE_URL}/api/auth${path}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }),
      { clientAddress: "127.0.0.1" },
    );
  }

  async function signUp(email = "b@example.com"): Promise<string> {
    const answer = await call("/sign-up/email", { method: "POST", body: { name: "B", email, password: "unusual-phrase-7" } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("access-control-expose-headers")).toContain("set-auth-token");
    const token = answer.headers.get("set-auth-token");
    expect(token).toMatch(/^[A-Za-z0-9]{32}\.[A-Za-z0-9_-]+$/);
    // The same signed value the session cookie holds.
    expect(answer.headers.getSetCookie().join()).toContain(encodeURIComponent(token!));
    return token!;
  }

  async function sessionOf(token: string): Promise<{ user: { email: string } } | null> {
    return (await (await call("/get-session", { token })).json()) as { user: { email: string } } | null;
  }

  it("signs up and in without cookies, and every session endpoint takes the bearer token", async () => {
    await setup();
    const token = await signUp();
    expect(await sessionOf(token)).toMatchObject({ user: { email: "b@example.com" } });
    const signIn = await call("/sign-in/email", { method: "POST", body: { email: "b@example.com", password: "unusual-phrase-7" } });
    const second = signIn.headers.get("set-auth-token")!;
    expect(second).not.toBe(token);
    const sessions = (await (await call("/list-sessions", { token: second })).json()) as unknown[];
    expect(sessions).toHaveLength(2);
    // A state change with no Origin header at all: a bearer request cannot come from a page by accident.
    expect((await call("/update-user", { method: "POST", token: second, body: { name: "Bea" } })).status).toBe(200);
    expect(
      (await call("/change-password", { method: "POST", token: second, body: { currentPassword: "unusual-phrase-7", newPassword: "another-phrase-8" } }))
        .status,
    ).toBe(200);
  });

  it("refuses an altered, an unsigned and an expired token", async () => {
    await setup();
    const token = await signUp();
    const [raw, signature] = token.split(".") as [string, string];
    const flipped = `${raw.slice(0, -1)}${raw.endsWith("A") ? "B" : "A"}.${signature}`;
    expect(await sessionOf(flipped)).toBeNull();
    expect(await sessionOf(raw)).toBeNull(); // the unsigned token alone is not enough
    expect((await call("/list-sessions", { token: flipped })).status).toBe(401);
    t.clock.advance(8 * DAY);
    expect(await sessionOf(token)).toBeNull();
  });

  it("signs out and is revoked like a cookie session", async () => {
    await setup();
    const token = await signUp();
    const other = (await call("/sign-in/email", { method: "POST", body: { email: "b@example.com", password: "unusual-phrase-7" } })).headers.get(
      "set-auth-token",
    )!;
    expect((await call("/sign-out", { method: "POST", token })).status).toBe(200);
    expect(await sessionOf(token)).toBeNull();
    expect(await sessionOf(other)).not.toBeNull();
    expect((await call("/revoke-sessions", { method: "POST", token: other })).status).toBe(200);
    expect(await sessionOf(other)).toBeNull();
  });

  it("holds freshness: a two-day-old bearer session cannot change the address", async () => {
    await setup({ user: { changeEmail: { enabled: true } } });
    const token = await signUp();
    t.clock.advance(2 * DAY);
    const answer = await call("/change-email", { method: "POST", token, body: { newEmail: "c@example.com" } });
    expect(answer.status).toBe(403);
    expect(await answer.json()).toMatchObject({ code: "SESSION_NOT_FRESH" });
  });

  it("lets a cookie win over a bearer token", async () => {
    await setup();
    const bearer = await signUp("bearer@example.com");
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "C", email: "cookie@example.com", password: "unusual-phrase-7" });
    const both = await browser.get("/get-session", { authorization: `Bearer ${bearer}` });
    expect(await both.json()).toMatchObject({ user: { email: "cookie@example.com" } });
  });

  it("is off by default: no set-auth-token, and a bearer header is ignored", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const browser = createTestBrowser(t.auth);
    const answer = await browser.post("/sign-up/email", { name: "D", email: "d@example.com", password: "unusual-phrase-7" });
    expect(answer.headers.get("set-auth-token")).toBeNull();
    const signed = decodeURIComponent([...browser.cookies.values()][0]!);
    expect(await sessionOf(signed)).toBeNull();
  });
});
