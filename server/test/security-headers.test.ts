import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestAuth, TEST_BASE_URL, type TestAuth } from "@gatehouse/auth-core/testing";
import { createAppWithDoors } from "./support/app-with-doors.js";

/** The short set of every API answer (OWASP REST Security Cheat Sheet). */
const API_SET = {
  "cache-control": "no-store",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};
/** The full set of every page: the SPA's policy, no framing, and the rest. */
const PAGE_SET = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data: https:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};
const HSTS = { "strict-transport-security": "max-age=31536000; includeSubDomains" };

/** Every header of an answer except those that are the answer's own content (type, cookies, the JWT, a redirect's Location, tRPC's Vary). */
function securityHeadersOf(answer: Response): Record<string, string> {
  const own = new Set([
    "content-type",
    "content-length",
    "content-disposition",
    "set-cookie",
    "set-auth-jwt",
    "access-control-expose-headers",
    "vary",
    "location",
    "x-request-id",
  ]);
  expect(answer.headers.get("x-request-id")).toBeTruthy();
  return Object.fromEntries([...answer.headers].filter(([name]) => !own.has(name)));
}

/** The header sets on API answers, on pages, on token pages and over https. */
describe("security headers", () => {
  let t: TestAuth;
  let cookie = "";
  const appOf = (https = false) => createAppWithDoors(t.auth, { https });
  beforeAll(async () => {
    // The session JWT on: get-session's answer then carries set-auth-jwt, as the server's does.
    t = await createTestAuth({ now: new Date(), options: { jwt: { enabled: true } } });
  });
  afterAll(async () => {
    await t.destroy();
  });

  it("puts exactly the short set on every API answer: auth (with and without cookies and a JWT), errors, tRPC, the CSV report, health", async () => {
    const app = appOf();
    const signUp = await app.request(`${TEST_BASE_URL}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_BASE_URL },
      body: JSON.stringify({ name: "H", email: "h@example.com", password: "unusual-phrase-7" }),
    });
    expect(signUp.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(securityHeadersOf(signUp)).toEqual(API_SET);
    cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    const withSession = await app.request(`${TEST_BASE_URL}/api/auth/get-session`, { headers: { cookie } });
    expect(withSession.headers.get("set-auth-jwt")).toBeTruthy();
    expect(securityHeadersOf(withSession)).toEqual(API_SET);

    const answers = await Promise.all(
      [
        "/api/auth/get-session",
        "/api/auth/no-such-endpoint",
        "/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=/",
        "/api/trpc/session.get",
        "/api/reports/events.csv",
        "/api/elsewhere",
        "/healthz",
      ].map(async (path) => ({ path, answer: await app.request(`${TEST_BASE_URL}${path}`) })),
    );
    for (const { path, answer } of answers) expect(securityHeadersOf(answer), path).toEqual(API_SET);
    const csv = await app.request(`${TEST_BASE_URL}/api/reports/events.csv`, { headers: { cookie } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(securityHeadersOf(csv)).toEqual(API_SET);
  });

  it("puts exactly the full set on pages, the auth error page and the API reference keeping their own policy", async () => {
    const app = appOf();
    expect(securityHeadersOf(await app.request("/settings"))).toEqual(PAGE_SET);
    const errorPage = await app.request("/api/auth/error?error=x");
    expect(errorPage.headers.get("content-type")).toContain("text/html");
    expect(securityHeadersOf(errorPage)).toEqual({ ...PAGE_SET, "content-security-policy": expect.stringContaining("default-src 'none'") });
    const reference = await app.request("/api/auth/reference");
    expect(securityHeadersOf(reference)).toEqual({ ...PAGE_SET, "content-security-policy": expect.stringContaining("script-src 'self'") });
  });

  it("adds HSTS to both sets over https", async () => {
    const app = appOf(true);
    expect(securityHeadersOf(await app.request("/api/auth/get-session"))).toEqual({ ...API_SET, ...HSTS });
    expect(securityHeadersOf(await app.request("/api/trpc/session.get"))).toEqual({ ...API_SET, ...HSTS });
    expect(securityHeadersOf(await app.request("/settings"))).toEqual({ ...PAGE_SET, ...HSTS });
    expect(securityHeadersOf(await app.request("/api/auth/error?error=x"))).toEqual({
      ...PAGE_SET,
      ...HSTS,
      "content-security-policy": expect.stringContaining("frame-ancestors 'none'"),
    });
  });

  it("sends no referrer from a page or link whose URL carries a token", async () => {
    const app = appOf();
    for (const path of [
      "/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=/",
      "/api/auth/verify-email?token=x",
      "/api/auth/delete-user/callback?token=x",
      "/settings?a=1&%74oken=x",
      "/accept-invitation?token=x",
    ]) {
      expect((await app.request(path)).headers.get("referrer-policy"), path).toBe("no-referrer");
    }
    // On a page, only a query parameter named token counts: not a path, a value or another name.
    for (const path of ["/settings?tokens=x", "/settings?next=token", "/token", "/settings?a=%20"]) {
      expect((await app.request(path)).headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
  });
});
