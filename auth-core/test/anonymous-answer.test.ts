import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, TEST_BASE_URL, testDialects, type TestAuth } from "../testing/index.js";

/**
 * get-session answers a request that carries no cookie, no Authorization and no API key with the
 * signed-out `null` before the router, without running the handler (fast-path/get-session.ts).
 * The shortcut must answer exactly what the handler would, stay behind the rate limit, and step
 * aside for anything the handler has to read.
 */
describe.each(testDialects())("get-session's anonymous answer on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  const getSessionRequest = (headers: Record<string, string> = {}, query = ""): Request =>
    new Request(`${TEST_BASE_URL}/api/auth/get-session${query}`, { headers: { "user-agent": "test", ...headers } });

  async function wire(response: Response): Promise<{ status: number; body: string; headers: [string, string][] }> {
    return { status: response.status, body: await response.text(), headers: [...response.headers].sort(([a], [b]) => a.localeCompare(b)) };
  }

  it("is byte for byte what the handler answers to a signed-out request, server headers included", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const info = { clientAddress: "192.0.2.7", headers: { "x-request-id": "r-1", "referrer-policy": "no-referrer" } };
    const shortcut = await wire(await t.auth.handler(getSessionRequest(), info));
    // A cookie of another name sends the request through the handler, which answers the same.
    const handled = await wire(await t.auth.handler(getSessionRequest({ cookie: "theme=dark" }), info));
    expect(shortcut).toEqual(handled);
    expect(shortcut).toEqual({
      status: 200,
      body: "null",
      headers: [
        ["cache-control", "no-store"],
        ["content-type", "application/json"],
        ["referrer-policy", "no-referrer"],
        ["x-request-id", "r-1"],
      ],
    });
  });

  it("steps aside for a session cookie (a stale one is cleared), a bearer token, an API key and a query", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, bearer: { enabled: true } } });
    const stale = await t.auth.handler(getSessionRequest({ cookie: "gatehouse.session_token=forged.value" }));
    expect(await stale.json()).toBeNull();
    expect(stale.headers.get("set-cookie")).toMatch(/^gatehouse\.session_token=;.*Max-Age=0/);

    const signUp = await t.auth.handler(
      new Request(`${TEST_BASE_URL}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "A", email: "a@example.com", password: "unusual-phrase-7" }),
      }),
    );
    const bearer = signUp.headers.get("set-auth-token");
    expect(bearer).not.toBeNull();
    const signedIn = await t.auth.handler(getSessionRequest({ authorization: `Bearer ${bearer}` }));
    expect(await signedIn.json()).toMatchObject({ user: { email: "a@example.com" } });

    const shortKey = await t.auth.handler(getSessionRequest({ "x-api-key": "too-short" }));
    // As any unknown key, whatever its length (security-review row 70).
    expect(shortKey.status).toBe(401);
    expect(await shortKey.json()).toMatchObject({ code: "INVALID_API_KEY" });

    const badQuery = await t.auth.handler(getSessionRequest({}, "?disableRefresh=maybe"));
    expect(badQuery.status).toBe(400);
  });

  it("counts against the rate limit like any other call", async () => {
    t = await createTestAuth({ dialect });
    const info = { clientAddress: "192.0.2.8" };
    for (let i = 0; i < 100; i++) expect((await t.auth.handler(getSessionRequest(), info)).status).toBe(200);
    const limited = await t.auth.handler(getSessionRequest(), info);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ code: "TOO_MANY_REQUESTS" });
  });
});

describe.each(testDialects())("get-session's fast path on %s", (dialect) => {
  it("is taken by a GET of the path itself only: other methods and spellings meet the router's answers", async () => {
    const t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    try {
      const at = (path: string, method = "GET") => t.auth.handler(new Request(`${TEST_BASE_URL}/api/auth${path}`, { method }));
      const quick = at("/get-session");
      expect(quick).toBeInstanceOf(Response);
      expect(await (quick as Response).text()).toBe("null");
      const post = await at("/get-session", "POST");
      expect(post.status).toBe(405);
      expect(await post.json()).toMatchObject({ code: "METHOD_NOT_ALLOWED" });
      const head = await at("/get-session", "HEAD");
      expect(head.status).toBe(200);
      const slash = await at("/get-session/");
      expect([slash.status, await slash.text()]).toEqual([200, "null"]);
      expect((await at("/get-session?disableRefresh=maybe")).status).toBe(400);
    } finally {
      await t.destroy();
    }
  });
});
