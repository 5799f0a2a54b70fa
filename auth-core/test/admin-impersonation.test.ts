import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WireSession, WireSessionResult } from "../src/shared/wire-types.js";
import { createSoftwareAuthenticator, createTestAuth, signUpPerson, testDialects, type TestAuth, type TestBrowser, type TestPerson } from "../testing/index.js";
import { cloneBrowser, expectError, signUpAdmin } from "./admin-support.js";
import { register } from "./passkey-support.js";

/**
 * An impersonation session is the person's, names the admin, lasts an hour at most,
 * changes nothing about the account, and stop-impersonating puts the admin's own session back.
 */
describe.each(testDialects())("impersonation on %s", (dialect) => {
  let t: TestAuth;
  let admin: TestPerson;
  let other: TestPerson;
  let ivy: TestPerson;
  beforeAll(async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false }, user: { changeEmail: { enabled: true }, deleteUser: { enabled: true } } } });
    admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    other = await signUpAdmin(t, "Olga Admin", "olga@example.com");
    ivy = await signUpPerson(t.auth, "Ivy", "ivy@example.com");
  });
  afterAll(async () => {
    await t.destroy();
  });

  async function impersonate(browser: TestBrowser, userId: string): Promise<WireSessionResult> {
    const response = await browser.post("/admin/impersonate-user", { userId });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as WireSessionResult;
  }

  it("acts as the person for an hour at most, and stops back on the admin's own session", async () => {
    const own = (await (await admin.browser.get("/get-session")).json()) as WireSessionResult;
    const browser = cloneBrowser(t, admin.browser);
    const response = await browser.post("/admin/impersonate-user", { userId: ivy.userId });
    const started = (await response.json()) as WireSessionResult;
    expect(started.user.email).toBe("ivy@example.com");
    expect(started.session).toMatchObject({ userId: ivy.userId, impersonatedBy: admin.userId });
    expect(Date.parse(started.session.expiresAt)).toBe(t.clock.now().getTime() + 3600_000);
    const cookies = response.headers.getSetCookie();
    // Not remembered: a browser-session cookie; the admin's token kept signed and HttpOnly.
    expect(cookies.find((c) => c.startsWith("gatehouse.session_token="))).not.toMatch(/Max-Age/);
    expect(cookies.find((c) => c.startsWith("gatehouse.admin_session="))).toMatch(/HttpOnly/);

    const during = (await (await browser.get("/get-session")).json()) as WireSessionResult;
    expect(during).toMatchObject({ user: { id: ivy.userId }, session: { impersonatedBy: admin.userId } });
    // Ivy's own list of sessions does not show the admin's.
    const listed = (await (await browser.get("/list-sessions")).json()) as WireSession[];
    expect(listed.some((s) => s.impersonatedBy !== null)).toBe(false);
    // The admin's other browser is still the admin.
    expect(((await (await admin.browser.get("/get-session")).json()) as WireSessionResult).user.id).toBe(admin.userId);

    const stopped = await browser.post("/admin/stop-impersonating");
    expect(stopped.status).toBe(200);
    const back = (await stopped.json()) as WireSessionResult;
    expect(back.user.id).toBe(admin.userId);
    expect(back.session.id).toBe(own.session.id);
    expect(((await (await browser.get("/get-session")).json()) as WireSessionResult).session.id).toBe(own.session.id);
    expect(browser.cookies.has("gatehouse.admin_session")).toBe(false);
    const left = await t.database.db.selectFrom("session").select("id").where("id", "=", started.session.id).execute();
    expect(left).toEqual([]);
    await expectError(await browser.post("/admin/stop-impersonating"), 400, "YOU_ARE_NOT_IMPERSONATING_ANYONE");
  });

  it("ends by itself after an hour", async () => {
    const browser = cloneBrowser(t, admin.browser);
    await impersonate(browser, ivy.userId);
    t.clock.advance(3600_000);
    expect(await (await browser.get("/get-session")).json()).toBeNull();
  });

  it("cannot call /admin/*, nor change the password, email, passkeys, profile, sessions or delete the account", async () => {
    const authenticator = createSoftwareAuthenticator();
    const passkey = await register(ivy.browser, authenticator, "Phone");
    const browser = cloneBrowser(t, admin.browser);
    await impersonate(browser, ivy.userId);
    const refusals: Array<[string, unknown]> = [
      ["/admin/list-users", undefined],
      ["/admin/ban-user", { userId: other.userId }],
      ["/admin/impersonate-user", { userId: ivy.userId }],
      ["/change-password", { currentPassword: "correct horse battery", newPassword: "unusual-phrase-9" }],
      ["/change-email", { newEmail: "ivy2@example.com" }],
      ["/delete-user", {}],
      ["/passkey/verify-registration", { response: {} }],
      ["/passkey/delete-passkey", { id: passkey.id }],
      ["/passkey/update-passkey", { id: passkey.id, name: "Mine now" }],
      ["/update-user", { name: "Not Ivy" }],
      ["/revoke-sessions", {}],
      ["/unlink-account", { providerId: "credential" }],
    ];
    for (const [path, body] of refusals) {
      const response = body === undefined ? await browser.get(path) : await browser.post(path, body);
      await expectError(response, 403, "NOT_ALLOWED_WHILE_IMPERSONATING");
    }
    await expectError(
      await t.auth.api.setPassword({ body: { newPassword: "unusual-phrase-9" }, headers: { cookie: browser.cookieHeader() }, asResponse: true }),
      403,
      "NOT_ALLOWED_WHILE_IMPERSONATING",
    );
    const ivyNow = await t.database.db.selectFrom("user").selectAll().where("id", "=", ivy.userId).executeTakeFirstOrThrow();
    expect(ivyNow).toMatchObject({ email: "ivy@example.com", name: "Ivy" });
    expect(await t.database.db.selectFrom("passkey").select("name").where("id", "=", passkey.id).executeTakeFirst()).toEqual({ name: "Phone" });
    // Reading and switching organizations is acting as Ivy, not changing her account.
    expect((await browser.get("/list-accounts")).status).toBe(200);
    expect((await browser.post("/organization/set-active", { organizationId: null })).status).toBe(200);
    expect((await browser.post("/admin/stop-impersonating")).status).toBe(200);
  });

  it("refuses admins as targets, banned people, and the stop without the admin's cookie", async () => {
    await expectError(await admin.browser.post("/admin/impersonate-user", { userId: other.userId }), 403, "YOU_CANNOT_IMPERSONATE_ADMINS");
    await expectError(await admin.browser.post("/admin/impersonate-user", { userId: "nobody" }), 404, "USER_NOT_FOUND");
    const ned = await signUpPerson(t.auth, "Ned", "ned@example.com");
    await admin.browser.post("/admin/ban-user", { userId: ned.userId });
    await expectError(await admin.browser.post("/admin/impersonate-user", { userId: ned.userId }), 403, "BANNED_USER");

    const browser = cloneBrowser(t, admin.browser);
    await impersonate(browser, ivy.userId);
    browser.cookies.delete("gatehouse.admin_session");
    await expectError(await browser.post("/admin/stop-impersonating"), 400, "ADMIN_SESSION_NOT_FOUND");
    // A forged admin cookie (Ivy's own token, unsigned) is no way in either.
    browser.cookies.set("gatehouse.admin_session", "forged.value");
    await expectError(await browser.post("/admin/stop-impersonating"), 400, "ADMIN_SESSION_NOT_FOUND");
  });
});
