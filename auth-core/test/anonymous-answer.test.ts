import { afterEach, describe, expect, it } from "vitest";
import type { AnyEndpoint } from "../src/endpoint.js";
import { createRequestHandler } from "../src/router.js";
import { getSession } from "../src/routes/get-session.js";
import { createTestAuth, TEST_BASE_URL, testDialects, type TestAuth } from "../testing/index.js";

/**
 * get-session answers a request that carries no cookie, no Authorization and no API key with its
 * anonymous answer, without running the handler (router.ts). The shortcut must answer exactly
 * what the handler would, stay behind the rate limit, and step aside for anything the handler
 * has to read.
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

describe("an anonymous answer's declaration", () => {
  it("is refused on a POST or a path with parameters, when the router is built", async () => {
    const t = await createTestAuth();
    try {
      const base = getSession as unknown as AnyEndpoint;
      expect(() => createRequestHandler(t.auth.context, [{ ...base, method: "POST" }])).toThrow(/anonymous answer is for a GET/);
      expect(() => createRequestHandler(t.auth.context, [{ ...base, path: "/get-session/:id" }])).toThrow(/anonymous answer is for a GET/);
      expect(() => createRequestHandler(t.auth.context, [base])).not.toThrow();
    } finally {
      await t.destroy();
    }
  });
});
