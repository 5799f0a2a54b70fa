import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth } from "../testing/index.js";

describe.each(testDialects())("email and password sessions on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect });
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("signs up, reads the session, signs out", async () => {
    const browser = createTestBrowser(t.auth);
    const signUp = await browser.post("/sign-up/email", { name: "Ada", email: "Ada@Example.com", password: "correct horse" });
    expect(signUp.status).toBe(200);
    const created = (await signUp.json()) as { token: string; user: { email: string; emailVerified: boolean } };
    expect(created.user.email).toBe("ada@example.com");
    expect(created.user.emailVerified).toBe(false);
    expect(created.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const cookie = signUp.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^gatehouse\.session_token=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toMatch(/Max-Age=604800/);

    const session = await browser.get("/get-session");
    expect(session.status).toBe(200);
    const body = (await session.json()) as { session: { token: string; userId: string }; user: { id: string } };
    expect(body.session.token).toBe(created.token);
    expect(body.user.id).toBe(body.session.userId);

    const out = await browser.post("/sign-out");
    expect(await out.json()).toEqual({ success: true });
    const after = await browser.get("/get-session");
    expect(await after.text()).toBe("null");
  });

  it("signs in with the right password only", async () => {
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Bo", email: "bo@example.com", password: "larch-ribbon-1" });
    browser.cookies.clear();
    const wrong = await browser.post("/sign-in/email", { email: "bo@example.com", password: "larch-ribbon-2" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ code: "INVALID_EMAIL_OR_PASSWORD", message: "Invalid email or password" });
    const right = await browser.post("/sign-in/email", { email: "BO@example.com", password: "larch-ribbon-1", callbackURL: "/dashboard" });
    expect(right.status).toBe(200);
    const json = (await right.json()) as { redirect: boolean; url: string; token: string };
    expect(json.redirect).toBe(true);
    expect(json.url).toBe("/dashboard");
  });
});
