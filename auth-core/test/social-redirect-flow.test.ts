import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, errorOf, person, runFlow, startFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

describe.each(testDialects())("Google redirect flow on %s", (dialect) => {
  let t: TestAuth;
  beforeEach(async () => {
    t = await createSocialAuth(dialect, idp);
  });
  afterEach(async () => {
    await t.destroy();
  });

  it("signs a new person up through the provider, then get-session and list-accounts show them", async () => {
    const grace = person({ name: "Grace Hopper" });
    idp.setPerson(grace);
    const browser = createTestBrowser(t.auth);
    const start = await browser.post("/sign-in/social", { provider: "google", callbackURL: "/dashboard" });
    expect(start.status).toBe(200);
    const started = (await start.json()) as { url: string; redirect: boolean };
    expect(started.redirect).toBe(true);
    const url = new URL(started.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("scope")).toBe("email profile openid");
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/api/auth/callback/google");
    const stateCookie = start.headers.getSetCookie().find((c) => c.startsWith("gatehouse.oauth_state="));
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/Max-Age=600/);

    const returned = await idp.authorize(started.url);
    expect(returned.searchParams.get("code")).toBeTruthy();
    const callback = await browser.get(`/callback/google${returned.search}`);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/dashboard");

    const session = (await (await browser.get("/get-session")).json()) as { user: { email: string; name: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email: grace.email, name: "Grace Hopper", emailVerified: true });
    const accounts = (await (await browser.get("/list-accounts")).json()) as Array<Record<string, unknown>>;
    expect(accounts).toHaveLength(1);
    expect(Object.keys(accounts[0]!).sort()).toEqual(["accountId", "createdAt", "id", "providerId", "scopes", "updatedAt"]);
    expect(accounts[0]).toMatchObject({ providerId: "google", accountId: grace.sub, scopes: ["email", "profile", "openid"] });
  });

  it("stores provider tokens encrypted, and the state only under its hash", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp);
    const state = returned.searchParams.get("state")!;
    const stored = await t.database.db.selectFrom("verification").selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.identifier).not.toContain(state);
    const value = JSON.parse(stored[0]!.value) as Record<string, unknown>;
    // Spec §3: the state's value holds only these fields.
    const allowed = ["callbackURL", "codeVerifier", "errorURL", "newUserURL", "link", "expiresAt", "requestSignUp"];
    expect(Object.keys(value).filter((k) => !allowed.includes(k))).toEqual([]);
    expect(value.callbackURL).toBe("/dashboard");
    expect(value.codeVerifier).toMatch(/^[A-Za-z0-9\-._~]{128}$/);
    expect(value.expiresAt).toBe(t.clock.now().getTime() + 10 * 60 * 1000);

    await browser.get(`/callback/google${returned.search}`);
    // The state is gone; what remains is the record that the flow's ID token has been used.
    const left = await t.database.db.selectFrom("verification").select("identifier").execute();
    expect(left.map((row) => row.identifier.split(":")[0])).toEqual(["id-token-use"]);
    const account = await t.database.db.selectFrom("account").selectAll().executeTakeFirstOrThrow();
    for (const token of [account.accessToken, account.refreshToken, account.idToken]) {
      expect(token).toMatch(/^v1\./);
      expect(token).not.toMatch(/^eyJ/);
    }
    expect(account.accessTokenExpiresAt).not.toBeNull();
  });

  it("refuses a replayed state", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp);
    const cookies = new Map(browser.cookies);
    expect((await browser.get(`/callback/google${returned.search}`)).headers.get("location")).toBe("/dashboard");
    // The same browser (cookie restored) presents the same state and code again.
    for (const [k, v] of cookies) browser.cookies.set(k, v);
    const replay = await browser.get(`/callback/google${returned.search}`);
    expect(errorOf(replay.headers.get("location")!)).toBe("please_restart_the_process");
  });

  it("refuses a state older than 10 minutes and deletes it", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp);
    t.clock.advance(10 * 60 * 1000 + 1);
    const late = await browser.get(`/callback/google${returned.search}`);
    expect(late.headers.get("location")).toBe("http://localhost:3000/api/auth/error?error=please_restart_the_process");
    expect(await t.database.db.selectFrom("verification").selectAll().execute()).toHaveLength(0);
    expect(await (await browser.get("/get-session")).text()).toBe("null");
  });

  it("refuses a tampered state and a tampered state cookie", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp);
    const state = returned.searchParams.get("state")!;
    const tampered = new URLSearchParams(returned.search);
    tampered.set("state", `${state.slice(0, -1)}${state.endsWith("A") ? "B" : "A"}`);
    expect(errorOf((await browser.get(`/callback/google?${tampered}`)).headers.get("location")!)).toBe("please_restart_the_process");

    const cookie = browser.cookies.get("gatehouse.oauth_state")!;
    browser.cookies.set("gatehouse.oauth_state", `${cookie.slice(0, -2)}xx`);
    expect(errorOf((await browser.get(`/callback/google${returned.search}`)).headers.get("location")!)).toBe("please_restart_the_process");
  });

  it("refuses a state started in another browser, and leaves it usable by its own", async () => {
    idp.setPerson(person());
    const victim = createTestBrowser(t.auth);
    const returned = await startFlow(victim, idp);
    const attacker = createTestBrowser(t.auth);
    await attacker.post("/sign-in/social", { provider: "google" }); // has a state cookie of its own
    const stolen = await attacker.get(`/callback/google${returned.search}`);
    expect(errorOf(stolen.headers.get("location")!)).toBe("please_restart_the_process");
    expect(await (await attacker.get("/get-session")).text()).toBe("null");
    expect((await victim.get(`/callback/google${returned.search}`)).headers.get("location")).toBe("/dashboard");
  });

  it("ends at invalid_code when the stored verifier does not match: the provider checks PKCE", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp, { errorCallbackURL: "/login" });
    const row = await t.database.db.selectFrom("verification").selectAll().executeTakeFirstOrThrow();
    const value = JSON.parse(row.value) as { codeVerifier: string };
    value.codeVerifier = "x".repeat(128);
    await t.database.db
      .updateTable("verification")
      .set({ value: JSON.stringify(value) })
      .where("id", "=", row.id)
      .execute();
    const callback = await browser.get(`/callback/google${returned.search}`);
    expect(callback.headers.get("location")).toBe("/login?error=invalid_code");
  });

  it("answers a form_post callback with a GET redirect to the same callback", async () => {
    idp.setPerson(person());
    const browser = createTestBrowser(t.auth);
    const returned = await startFlow(browser, idp);
    const posted = await browser.request("/callback/google", {
      method: "POST",
      body: undefined,
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(posted.status).toBe(302);
    const form = await t.auth.handler(
      new Request("http://localhost:3000/api/auth/callback/google", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost:3000" },
        body: returned.searchParams.toString(),
      }),
    );
    expect(form.status).toBe(302);
    const location = new URL(form.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe("http://localhost:3000/api/auth/callback/google");
    expect(location.searchParams.get("code")).toBe(returned.searchParams.get("code"));
    expect(location.searchParams.get("state")).toBe(returned.searchParams.get("state"));
    expect((await browser.get(`/callback/google${location.search}`)).headers.get("location")).toBe("/dashboard");
  });

  it("sends a new user to newUserCallbackURL and a returning one to callbackURL", async () => {
    const ada = person();
    idp.setPerson(ada);
    const first = await runFlow(createTestBrowser(t.auth), idp, { newUserCallbackURL: "/welcome" });
    expect(first.location).toBe("/welcome");
    const second = await runFlow(createTestBrowser(t.auth), idp, { newUserCallbackURL: "/welcome" });
    expect(second.location).toBe("/dashboard");
    expect(await t.database.db.selectFrom("user").selectAll().execute()).toHaveLength(1);
  });

  it("answers disableRedirect with redirect false and refuses an untrusted callbackURL", async () => {
    const browser = createTestBrowser(t.auth);
    const quiet = (await (await browser.post("/sign-in/social", { provider: "google", disableRedirect: true })).json()) as { redirect: boolean; url: string };
    expect(quiet.redirect).toBe(false);
    expect(quiet.url).toContain(idp.issuer);
    const evil = await browser.post("/sign-in/social", { provider: "google", callbackURL: "https://evil.example/steal" });
    expect(evil.status).toBe(403);
    expect(await evil.json()).toEqual({ code: "INVALID_CALLBACKURL", message: "Invalid callbackURL" });
    const unknown = await browser.post("/sign-in/social", { provider: "myspace" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: string }).code).toBe("PROVIDER_NOT_FOUND");
  });
});
