import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "@gatehouse/auth-core/testing";
import { silentLogger } from "@gatehouse/auth-core";
import { createApp } from "../src/app.js";
import { mountTRPC } from "../src/trpc/index.js";

/**
 * A review found that outside production, tRPC's error bodies carried the server's stack trace
 * (its default formatter adds one whenever NODE_ENV is not "production", as in development and
 * here). No answer carries a stack, in any mode; an unexpected failure answers a generic message.
 */
describe.each(testDialects())("error answers carry no stack on %s", (dialect) => {
  let t: TestAuth;
  let app: ReturnType<typeof createApp>;
  let browser: TestBrowser;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
    app = createApp({
      auth: t.auth,
      logger: silentLogger,
      mount: (a) => {
        mountTRPC(a, { auth: t.auth });
        a.get("/api/boom", () => {
          throw new Error("boom: secret detail");
        });
      },
    });
    browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Ada", email: "ada@example.com", password: "correct horse" })).status).toBe(200);
  });
  afterEach(async () => {
    await t.destroy();
  });

  function expectNoStack(text: string): void {
    expect(text).not.toMatch(/"stack"/);
    expect(text).not.toMatch(/\n\s+at |\\n\s+at /);
    expect(text).not.toContain("secret detail");
  }

  const trpc = async (path: string, input: unknown, cookie?: string): Promise<Response> =>
    app.request(`/api/trpc/${path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: input } }))}`, { headers: cookie ? { cookie } : {} });

  it("tRPC: refused, invalid and failed calls", async () => {
    const signedOut = await trpc("audit.overview", {});
    expect(signedOut.status).toBe(401);
    expectNoStack(await signedOut.text());

    const invalid = await trpc("audit.events", { limit: "many" }, browser.cookieHeader());
    expect(invalid.status).toBe(400);
    expectNoStack(await invalid.text());

    await t.database.dropTable("securityEvent");
    const failed = await trpc("audit.overview", {}, browser.cookieHeader());
    expect(failed.status).toBe(500);
    const body = await failed.text();
    expectNoStack(body);
    expect(body).toContain('"message":"Internal server error"');
  });

  it("Hono and the auth handler", async () => {
    const hono = await app.request("/api/boom");
    expect(hono.status).toBe(500);
    expectNoStack(await hono.text());
    await t.database.dropTable("session");
    const auth = await browser.post("/sign-in/email", { email: "ada@example.com", password: "correct horse" });
    expect(auth.status).toBe(500);
    const text = await auth.text();
    expectNoStack(text);
    expect(Object.keys(JSON.parse(text))).toEqual(["code", "message"]);
  });
});
