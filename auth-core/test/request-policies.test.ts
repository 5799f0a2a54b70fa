import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestAuthBeside, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

const BASE = "http://localhost:3000/api/auth";

function post(path: string, body: unknown, headers: Record<string, string>): Request {
  return new Request(`${BASE}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

describe.each(testDialects())("request policies on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("refuses state-changing requests from foreign or missing origins", async () => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth);
    await b.post("/sign-up/email", { name: "O", email: "o@example.com", password: "larch-ribbon-123" });
    const cookie = b.cookieHeader();

    const crossSite = await t.auth.handler(post("/sign-out", {}, { cookie, origin: "https://evil.example" }));
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual({ code: "INVALID_ORIGIN", message: "Invalid origin" });

    // Login CSRF: a foreign page may not sign a browser in, cookies or not.
    const loginCSRF = await t.auth.handler(
      post("/sign-in/email", { email: "o@example.com", password: "larch-ribbon-123" }, { origin: "https://evil.example" }),
    );
    expect(loginCSRF.status).toBe(403);

    const refererOnly = await t.auth.handler(post("/revoke-other-sessions", {}, { cookie, referer: "https://evil.example/page" }));
    expect(refererOnly.status).toBe(403);

    for (const headers of [{ cookie }, { cookie, origin: "null" }] as Array<Record<string, string>>) {
      const r = await t.auth.handler(post("/sign-out", {}, headers));
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ code: "MISSING_OR_NULL_ORIGIN", message: "Missing or null Origin" });
    }

    const trustedReferer = await t.auth.handler(post("/revoke-other-sessions", {}, { cookie, referer: "http://localhost:3000/settings" }));
    expect(trustedReferer.status).toBe(200);
    // GET is not state-changing: no origin needed.
    expect((await t.auth.handler(new Request(`${BASE}/get-session`, { headers: { cookie } }))).status).toBe(200);
  });

  it("accepts extra trusted origins, including wildcard ones", async () => {
    t = await createTestAuth({ dialect, options: { trustedOrigins: ["https://*.example.org"] } });
    const ok = await t.auth.handler(
      post("/sign-up/email", { name: "W", email: "w@example.com", password: "larch-ribbon-123" }, { origin: "https://app.example.org" }),
    );
    expect(ok.status).toBe(200);
  });

  it.each([["callbackURL", "Invalid callbackURL", "INVALID_CALLBACKURL"]])("refuses an untrusted %s with 403", async (field, message, code) => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth);
    for (const bad of ["https://evil.example/x", "//evil.example", "/%2F%2Fevil.example", "/\\evil.example"]) {
      const r = await b.post("/sign-up/email", { name: "C", email: "c@example.com", password: "larch-ribbon-123", [field]: bad });
      expect(r.status).toBe(403);
      expect(await r.json()).toEqual({ code, message });
      t.clock.advance(10_000);
    }
    const good = await b.post("/sign-up/email", { name: "C", email: "c@example.com", password: "larch-ribbon-123", [field]: "/welcome" });
    expect(good.status).toBe(200);
  });

  it("limits sign-in to 3 per 10 s per client address, answering 429 with X-Retry-After", async () => {
    t = await createTestAuth({ dialect });
    const attacker = createTestBrowser(t.auth, { clientAddress: "192.0.2.66" });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attacker.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attacker.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ code: "TOO_MANY_REQUESTS", message: "Too many requests. Please try again later." });
    expect(Number(limited.headers.get("x-retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("x-retry-after"))).toBeLessThanOrEqual(10);

    const bystander = createTestBrowser(t.auth, { clientAddress: "192.0.2.67" });
    expect((await bystander.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" })).status).toBe(401);

    t.clock.advance(10_000);
    expect((await attacker.post("/sign-in/email", { email: "v@example.com", password: "guess-guess" })).status).toBe(401);
  });

  it.each([
    ["/sign-up/email", 10, 3],
    ["/passkey/verify-authentication", 10, 3],
    ["/request-password-reset", 60, 3],
    ["/send-verification-email", 60, 3],
  ])("limits %s to %i s windows of %i", async (path, windowSeconds, max) => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth, { clientAddress: "192.0.2.50" });
    for (let i = 0; i < max; i++) expect((await b.post(path, {})).status).not.toBe(429);
    const limited = await b.post(path, {});
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-retry-after"))).toBe(windowSeconds);
    t.clock.advance(windowSeconds * 1000);
    expect((await b.post(path, {})).status).not.toBe(429);
  });

  it("limits every other path to 100 per 10 s, and can be switched off", async () => {
    t = await createTestAuth({ dialect });
    const b = createTestBrowser(t.auth, { clientAddress: "192.0.2.10" });
    for (let i = 0; i < 100; i++) expect((await b.get("/ok")).status).toBe(200);
    expect((await b.get("/ok")).status).toBe(429);
    await t.destroy();
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const free = createTestBrowser(t.auth, { clientAddress: "192.0.2.10" });
    // Five tries of one address: past the per-address limit, within the per-account throttle's free failures.
    for (let i = 0; i < 5; i++) expect((await free.post("/sign-in/email", { email: "z@example.com", password: "guess-guess" })).status).toBe(401);
  });

  it("shares limits across processes when stored in the database", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { storage: "database" } } });
    // A second auth instance on the same database stands in for a second server process.
    const second = createTestAuthBeside(t, { rateLimit: { storage: "database" } });
    const one = createTestBrowser(t.auth, { clientAddress: "192.0.2.99" });
    const two = createTestBrowser(second, { clientAddress: "192.0.2.99" });
    const statuses = [];
    for (const b of [one, two, one, two]) statuses.push((await b.post("/sign-in/email", { email: "q@example.com", password: "guess-guess" })).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    t.clock.advance(10_000);
    expect((await two.post("/sign-in/email", { email: "q@example.com", password: "guess-guess" })).status).toBe(401);
  });

  it("answers bad input with 4xx and a code, never a 500", async () => {
    t = await createTestAuth({ dialect });
    const origin = { origin: "http://localhost:3000" };
    const badJSON = await t.auth.handler(
      new Request(`${BASE}/sign-in/email`, { method: "POST", headers: { "content-type": "application/json", ...origin }, body: "{nope" }),
    );
    expect(badJSON.status).toBe(400);
    expect(((await badJSON.json()) as { code: string }).code).toBe("INVALID_JSON");
    const missing = await t.auth.handler(post("/sign-in/email", { email: "a@example.com" }, origin));
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: "VALIDATION_ERROR", message: expect.stringContaining("body.password") });
    const wrongType = await t.auth.handler(post("/sign-in/email", { email: 5, password: [] }, origin));
    expect(wrongType.status).toBe(400);
    const notFound = await t.auth.handler(new Request(`${BASE}/no-such-thing`));
    expect(notFound.status).toBe(404);
    const wrongMethod = await t.auth.handler(new Request(`${BASE}/sign-in/email`));
    expect(wrongMethod.status).toBe(405);
    for (const r of [badJSON, missing, wrongType, notFound, wrongMethod]) expect(r.headers.get("content-type")).toContain("application/json");
  });

  it("serves /ok and the /error page with the code escaped", async () => {
    t = await createTestAuth({ dialect });
    expect(await (await t.auth.handler(new Request(`${BASE}/ok`))).json()).toEqual({ ok: true });
    const page = await t.auth.handler(new Request(`${BASE}/error?error=${encodeURIComponent("<script>alert(1)</script>")}`));
    const html = await page.text();
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(html).not.toContain("<script>");
    expect(html).toContain("Error Code: <code>&#60;script&#62;alert(1)&#60;/script&#62;</code>");
    expect(html).toContain('<a href="/">Return to Application</a>');
    const unknown = await (await t.auth.handler(new Request(`${BASE}/error`))).text();
    expect(unknown).toContain("<code>Unknown</code>");
  });

  it("uses __Secure- cookies with Secure over https", async () => {
    t = await createTestAuth({ dialect, options: { baseURL: "https://auth.example.com" } });
    const r = await t.auth.handler(
      new Request("https://auth.example.com/api/auth/sign-up/email", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://auth.example.com" },
        body: JSON.stringify({ name: "S", email: "s@example.com", password: "larch-ribbon-123" }),
      }),
    );
    const cookie = r.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^__Secure-gatehouse\.session_token=/);
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("HttpOnly");
  });
});
