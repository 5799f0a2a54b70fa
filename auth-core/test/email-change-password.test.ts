import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { APIError } from "../src/errors.js";
import { createTestAuth, createTestBrowser, testDialects, type TestAuth, type TestBrowser } from "../testing/index.js";

describe.each(testDialects())("change password and set-password on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
  });
  afterEach(async () => {
    await t.destroy();
  });

  async function signedIn(email: string): Promise<TestBrowser> {
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-up/email", { name: "Cy", email, password: "first password" })).status).toBe(200);
    return browser;
  }

  it("changes the password and keeps the sessions; token is null", async () => {
    const browser = await signedIn("cy@example.com");
    const other = createTestBrowser(t.auth);
    await other.post("/sign-in/email", { email: "cy@example.com", password: "first password" });
    const answer = await browser.post("/change-password", { currentPassword: "first password", newPassword: "second password" });
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as { token: string | null; user: { email: string } };
    expect(json.token).toBeNull();
    expect(json.user.email).toBe("cy@example.com");
    expect(((await (await other.get("/get-session")).json()) as { user: object } | null)?.user).toBeDefined();
    expect((await other.post("/sign-in/email", { email: "cy@example.com", password: "first password" })).status).toBe(401);
    expect((await other.post("/sign-in/email", { email: "cy@example.com", password: "second password" })).status).toBe(200);
    const events = await t.database.db.selectFrom("securityEvent").select(["type", "outcome"]).where("type", "=", "password-changed").execute();
    expect(events).toEqual([{ type: "password-changed", outcome: "success" }]);
  });

  it("with revokeOtherSessions ends every other session and answers a new one", async () => {
    const browser = await signedIn("dee@example.com");
    const oldCookie = browser.cookieHeader();
    const other = createTestBrowser(t.auth);
    await other.post("/sign-in/email", { email: "dee@example.com", password: "first password" });
    const answer = await browser.post("/change-password", {
      currentPassword: "first password",
      newPassword: "second password",
      revokeOtherSessions: true,
    });
    const json = (await answer.json()) as { token: string; user: { email: string } };
    expect(json.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(browser.cookieHeader()).not.toBe(oldCookie);
    const mine = (await (await browser.get("/get-session")).json()) as { session: { token: string } };
    expect(mine.session.token).toBe(json.token);
    expect(await (await other.get("/get-session")).text()).toBe("null");
    expect(await (await browser.get("/get-session", { cookie: oldCookie })).text()).toBe("null");
    expect(await t.database.db.selectFrom("session").select("id").execute()).toHaveLength(1);
  });

  it("refuses a wrong current password, a too short or too long new one, and no session", async () => {
    const browser = await signedIn("eve@example.com");
    const wrong = await browser.post("/change-password", { currentPassword: "nope nope", newPassword: "second password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "INVALID_PASSWORD", message: "Invalid password" });
    const short = await browser.post("/change-password", { currentPassword: "first password", newPassword: "short" });
    expect(await short.json()).toEqual({ code: "PASSWORD_TOO_SHORT", message: "Password too short" });
    const long = await browser.post("/change-password", { currentPassword: "first password", newPassword: "x".repeat(129) });
    expect(await long.json()).toEqual({ code: "PASSWORD_TOO_LONG", message: "Password too long" });
    const anonymous = await createTestBrowser(t.auth).post("/change-password", { currentPassword: "a", newPassword: "second password" });
    expect(anonymous.status).toBe(401);
    const failures = await t.database.db.selectFrom("securityEvent").select("type").where("outcome", "=", "failure").execute();
    expect(failures).toEqual([{ type: "password-changed" }]);
  });

  it("answers CREDENTIAL_ACCOUNT_NOT_FOUND for a user without a password", async () => {
    const browser = await signedIn("flo@example.com");
    await t.database.db.deleteFrom("account").execute();
    const answer = await browser.post("/change-password", { currentPassword: "first password", newPassword: "second password" });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: "CREDENTIAL_ACCOUNT_NOT_FOUND", message: "Credential account not found" });
  });

  it("set-password is for server code only and refuses a user who has a password", async () => {
    const browser = await signedIn("gus@example.com");
    const overHTTP = await browser.post("/set-password", { newPassword: "second password" });
    expect(overHTTP.status).toBe(404);

    const refused = await t.auth.api
      .setPassword({ body: { newPassword: "second password" }, headers: { cookie: browser.cookieHeader() } })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(APIError);
    expect((refused as APIError).status).toBe(400);
    expect((refused as APIError).message).toBe("user already has a password");

    await t.database.db.deleteFrom("account").execute();
    const set = await t.auth.api.setPassword({ body: { newPassword: "second password" }, headers: { cookie: browser.cookieHeader() } });
    expect(set).toEqual({ status: true });
    expect((await browser.post("/sign-in/email", { email: "gus@example.com", password: "second password" })).status).toBe(200);
    const accounts = await t.database.db.selectFrom("account").select(["providerId", "accountId", "userId"]).execute();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.providerId).toBe("credential");

    const unauthenticated = await t.auth.api.setPassword({ body: { newPassword: "second password" } }).catch((e: unknown) => e);
    expect((unauthenticated as APIError).status).toBe(401);
  });
});
