import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, type TestAuth } from "../testing/index.js";
import { signUpAdmin } from "./admin-support.js";

const ENDED = "x-gatehouse-session-ended";

/**
 * Issue 48: a banned person's open session is told why it ended. The ban ends every session at once
 * (as better-auth's admin plugin does); the browser's next get-session still answers null and
 * clears the cookie, and says `x-gatehouse-session-ended: BANNED_USER`, which the web app carries to
 * /login as the ban's words instead of a silent bounce.
 */
describe.each(testDialects())("a banned person's ended session says why, on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("get-session answers null with the ban named, for a ban and for update-user's; not for a signed-out, signed-out-by-hand or unbanned browser", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const admin = await signUpAdmin(t, "Ada Admin", "ada@example.com");
    const bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    const cy = await signUpPerson(t.auth, "Cy", "cy@example.com");
    const beaCookie = bea.browser.cookieHeader();

    expect((await admin.browser.post("/admin/ban-user", { userId: bea.userId, banReason: "spam" })).status).toBe(200);
    const ended = await bea.browser.get("/get-session");
    expect(ended.status).toBe(200);
    expect(await ended.json()).toBeNull();
    expect(ended.headers.get(ENDED)).toBe("BANNED_USER");
    expect(ended.headers.get("set-cookie")).toContain("gatehouse.session_token=;");
    // The same dead cookie, asked again (another tab): the same answer.
    const again = await t.auth.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: beaCookie } }));
    expect(again.headers.get(ENDED)).toBe("BANNED_USER");

    // Nothing to say without a cookie, or for a session its person ended.
    const nobody = await createTestBrowser(t.auth).get("/get-session");
    expect(nobody.headers.get(ENDED)).toBeNull();
    const cyCookie = cy.browser.cookieHeader();
    expect((await cy.browser.post("/sign-out", {})).status).toBe(200);
    const signedOut = await t.auth.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: cyCookie } }));
    expect(await signedOut.json()).toBeNull();
    expect(signedOut.headers.get(ENDED)).toBeNull();

    // Unbanned: the old cookie is just an old cookie.
    expect((await admin.browser.post("/admin/unban-user", { userId: bea.userId })).status).toBe(200);
    const unbanned = await t.auth.handler(new Request("http://localhost:3000/api/auth/get-session", { headers: { cookie: beaCookie } }));
    expect(unbanned.headers.get(ENDED)).toBeNull();

    // update-user's ban ends the sessions the same way.
    const cyAgain = createTestBrowser(t.auth);
    expect((await cyAgain.post("/sign-in/email", { email: "cy@example.com", password: "correct horse battery" })).status).toBe(200);
    // update-user answers the user unwrapped (better-auth's).
    const updated = await admin.browser.post("/admin/update-user", { userId: cy.userId, data: { banned: true } });
    expect(((await updated.json()) as { banned: boolean }).banned).toBe(true);
    expect((await cyAgain.get("/get-session")).headers.get(ENDED)).toBe("BANNED_USER");
  });

  it("a session whose person is banned behind the endpoints' back (the row set directly) ends with the same word", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const bea = await signUpPerson(t.auth, "Bea", "bea@example.com");
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", bea.userId).execute();
    const first = await bea.browser.get("/get-session");
    expect(await first.json()).toBeNull();
    expect(first.headers.get(ENDED)).toBe("BANNED_USER");
  });
});
