import { afterEach, describe, expect, it } from "vitest";
import { createTestAuth, createTestBrowser, signUpPerson, testDialects, TEST_BASE_URL, type RecordingMailer, type TestAuth } from "../testing/index.js";
import { createPasswordlessAuth, lastMailTo, magicLinkIn } from "./passwordless-support.js";
import { sessionEmail, turnOnTwoFactor } from "./two-factor-support.js";

/** The path and query of a magic link, as the test browser requests it. */
function pathOf(link: URL): string {
  return `${link.pathname.replace("/api/auth", "")}${link.search}`;
}

describe.each(testDialects())("magic link on %s", (dialect) => {
  let t: TestAuth;
  let mailer: RecordingMailer;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;
  afterEach(async () => t.destroy());

  async function setup(options: Parameters<typeof createPasswordlessAuth>[1] = {}): Promise<void> {
    ({ t, mailer } = await createPasswordlessAuth(dialect, options));
  }

  async function requestLink(email: string, extra: Record<string, unknown> = {}): Promise<URL> {
    const answer = await createTestBrowser(t.auth).post("/sign-in/magic-link", { email, ...extra });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: true });
    return magicLinkIn(await lastMailTo(t, mailer, email));
  }

  it("is off by default: both paths answer 404", async () => {
    t = await createTestAuth({ dialect, options: { rateLimit: { enabled: false } } });
    const browser = createTestBrowser(t.auth);
    expect((await browser.post("/sign-in/magic-link", { email: "a@example.com" })).status).toBe(404);
    expect((await browser.get("/magic-link/verify?token=abc&callbackURL=/")).status).toBe(404);
    // As if the paths did not exist: no body, no token, or an untrusted URL change nothing.
    expect((await browser.request("/sign-in/magic-link", { method: "POST" })).status).toBe(404);
    expect((await browser.post("/sign-in/magic-link", { email: "a@example.com", callbackURL: "https://evil.example/" })).status).toBe(404);
    expect((await browser.get("/magic-link/verify")).status).toBe(404);
  });

  it("answers {status: true} only and mails the link with its parameters; a malformed address gets 400", async () => {
    await setup();
    const email = address("mia");
    const link = await requestLink(email, { callbackURL: "/dashboard?tab=1", newUserCallbackURL: "/welcome", errorCallbackURL: "/login" });
    expect(link.origin).toBe(TEST_BASE_URL);
    expect(link.pathname).toBe("/api/auth/magic-link/verify");
    expect(link.searchParams.get("token")).toMatch(/^[A-Za-z]{32}$/);
    expect(link.searchParams.get("callbackURL")).toBe("/dashboard?tab=1");
    expect(link.searchParams.get("newUserCallbackURL")).toBe("/welcome");
    expect(link.searchParams.get("errorCallbackURL")).toBe("/login");
    const plain = await requestLink(address("noa"));
    expect(plain.searchParams.get("callbackURL")).toBe("/");
    expect(plain.searchParams.has("newUserCallbackURL")).toBe(false);
    expect(plain.searchParams.has("errorCallbackURL")).toBe(false);
    const bad = await createTestBrowser(t.auth).post("/sign-in/magic-link", { email: "not an address" });
    expect(bad.status).toBe(400);
  });

  it("makes the account of an unknown address when the link is opened: verified, named, sent to newUserCallbackURL", async () => {
    await setup();
    const email = address("new");
    const link = await requestLink(email, { name: "Nova Lee", callbackURL: "/home", newUserCallbackURL: "/welcome?first=1" });
    expect(await t.database.db.selectFrom("user").select("id").where("email", "=", email).executeTakeFirst()).toBeUndefined();
    const browser = createTestBrowser(t.auth);
    const opened = await browser.get(pathOf(link));
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get("location")!, TEST_BASE_URL).href).toBe(`${TEST_BASE_URL}/welcome?first=1`);
    const session = (await (await browser.get("/get-session")).json()) as { user: { email: string; name: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email, name: "Nova Lee", emailVerified: true });
  });

  it("sends a new account to callbackURL when no newUserCallbackURL was given, and names it empty", async () => {
    await setup();
    const email = address("plain");
    const opened = await createTestBrowser(t.auth).get(pathOf(await requestLink(email, { callbackURL: "/home?x=1" })));
    expect(new URL(opened.headers.get("location")!, TEST_BASE_URL).href).toBe(`${TEST_BASE_URL}/home?x=1`);
    expect(await t.database.db.selectFrom("user").select("name").where("email", "=", email).executeTakeFirstOrThrow()).toEqual({ name: "" });
  });

  it("signs the link's address in, whoever opens it, also a browser signed in as someone else; added parameters change nothing", async () => {
    await setup();
    const owner = await signUpPerson(t.auth, "Owner", address("owner"));
    const other = await signUpPerson(t.auth, "Other", address("other"));
    const link = await requestLink(owner.email, { callbackURL: "/dashboard?tab=keys", newUserCallbackURL: "/welcome" });
    const opened = await other.browser.get(`${pathOf(link)}&email=${encodeURIComponent(other.email)}`);
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get("location")!, TEST_BASE_URL).href).toBe(`${TEST_BASE_URL}/dashboard?tab=keys`);
    expect(await sessionEmail(other.browser)).toBe(owner.email);
  });

  it("works once: the second opening is an unknown token, redirected with error=INVALID_TOKEN and no session", async () => {
    await setup();
    const email = address("once");
    const link = await requestLink(email, { callbackURL: "/home", errorCallbackURL: "/login?from=link" });
    expect((await createTestBrowser(t.auth).get(pathOf(link))).status).toBe(302);
    const again = createTestBrowser(t.auth);
    const second = await again.get(pathOf(link));
    expect(second.status).toBe(302);
    const location = new URL(second.headers.get("location")!, TEST_BASE_URL);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("from")).toBe("link");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(second.headers.getSetCookie()).toEqual([]);
    expect(await sessionEmail(again)).toBeNull();
  });

  it("refuses a link older than its lifetime (MAGIC_LINK_EXPIRES_IN), to callbackURL then / when no errorCallbackURL", async () => {
    await setup({ magicLink: { enabled: true, expiresIn: 6 } });
    const link = await requestLink(address("late"), { callbackURL: "/home" });
    t.clock.advance(7_000);
    const browser = createTestBrowser(t.auth);
    const late = await browser.get(pathOf(link));
    const location = new URL(late.headers.get("location")!, TEST_BASE_URL);
    expect(`${location.pathname}?${location.searchParams}`).toBe("/home?error=INVALID_TOKEN");
    expect(await sessionEmail(browser)).toBeNull();
    const unknown = await browser.get("/magic-link/verify?token=nosuchtokenatallnosuchtokenatall");
    expect(new URL(unknown.headers.get("location")!, TEST_BASE_URL).href).toBe(`${TEST_BASE_URL}/?error=INVALID_TOKEN`);
  });

  it("answers better-auth's {token, user, session} without callbackURL in the query", async () => {
    await setup();
    const email = address("json");
    const link = await requestLink(email);
    link.searchParams.delete("callbackURL");
    const browser = createTestBrowser(t.auth);
    const answer = await browser.get(pathOf(link));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { token: string; user: { email: string }; session: { token: string; userId: string } };
    expect(body.user.email).toBe(email);
    expect(body.token).toEqual(expect.any(String));
    expect(body.session.token).toBe(body.token);
    expect(await sessionEmail(browser)).toBe(email);
  });

  it.each([
    ["callbackURL", "INVALID_CALLBACK_URL", "Invalid callbackURL"],
    ["newUserCallbackURL", "INVALID_NEW_USER_CALLBACK_URL", "Invalid newUserCallbackURL"],
    ["errorCallbackURL", "INVALID_ERROR_CALLBACK_URL", "Invalid errorCallbackURL"],
  ])("refuses an untrusted %s with 403 %s: no mail, no redirect, no session, valid token or not", async (field, code, message) => {
    await setup();
    const email = address("evil");
    const refused = await createTestBrowser(t.auth).post("/sign-in/magic-link", { email, [field]: "https://evil.example/steal" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ code, message });
    await t.auth.settled();
    expect(mailer.messages.filter((mail) => mail.to === email)).toEqual([]);

    const link = await requestLink(email);
    for (const token of [link.searchParams.get("token")!, "unknownunknownunknownunknownunkn"]) {
      const browser = createTestBrowser(t.auth);
      const opened = await browser.get(`/magic-link/verify?token=${token}&${field}=${encodeURIComponent("//evil.example/x")}`);
      expect(opened.status).toBe(403);
      expect(opened.headers.get("location")).toBeNull();
      expect(((await opened.json()) as { code: string }).code).toBe(code);
      expect(await sessionEmail(browser)).toBeNull();
    }
    // The valid token was not used by the refused opening.
    expect((await createTestBrowser(t.auth).get(pathOf(link))).status).toBe(302);
  });

  it("refuses a banned person: error=BANNED_USER on the error redirect, no session", async () => {
    await setup();
    const person = await signUpPerson(t.auth, "Ban", address("ban"));
    await t.database.db.updateTable("user").set({ banned: 1 }).where("id", "=", person.userId).execute();
    const browser = createTestBrowser(t.auth);
    const opened = await browser.get(pathOf(await requestLink(person.email, { callbackURL: "/home", errorCallbackURL: "/login" })));
    const location = new URL(opened.headers.get("location")!, TEST_BASE_URL);
    expect(location.pathname).toBe("/login");
    expect(location.searchParams.get("error")).toBe("BANNED_USER");
    expect(await sessionEmail(browser)).toBeNull();
  });

  it("is one factor: a person with two-factor on is sent to the second step, which takes no mailed code", async () => {
    await setup({ twoFactor: { enabled: true } });
    const person = await signUpPerson(t.auth, "Two", address("two"));
    // A proven address (a never-proven one's first proof removes two-factor: the next test).
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", person.userId).execute();
    await turnOnTwoFactor(t, person.browser);
    const browser = createTestBrowser(t.auth);
    const opened = await browser.get(pathOf(await requestLink(person.email, { callbackURL: "/home" })));
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe("/two-factor?redirect=%2Fhome");
    expect(await sessionEmail(browser)).toBeNull();
    const mailed = await browser.post("/two-factor/send-otp", {});
    expect(mailed.status).toBe(400);
    expect(((await mailed.json()) as { code: string }).code).toBe("OTP_NOT_ENABLED");
  });

  it("proves an address nobody had proven: the password its registrant set goes", async () => {
    await setup();
    const squatter = await signUpPerson(t.auth, "Squatter", address("squat"));
    const opened = await createTestBrowser(t.auth).get(pathOf(await requestLink(squatter.email, { callbackURL: "/home" })));
    expect(opened.status).toBe(302);
    expect(await sessionEmail(squatter.browser)).toBeNull();
    const accounts = await t.database.db.selectFrom("account").select("providerId").where("userId", "=", squatter.userId).execute();
    expect(accounts).toEqual([]);
    const user = await t.database.db.selectFrom("user").select("emailVerified").where("id", "=", squatter.userId).executeTakeFirstOrThrow();
    expect(user.emailVerified).toBe(1);
  });

  it("limits each path to 5 requests per 60 s per client", async () => {
    await setup({ rateLimit: { enabled: true } });
    const browser = createTestBrowser(t.auth);
    for (let i = 0; i < 5; i++) expect((await browser.post("/sign-in/magic-link", { email: address("rl") })).status).toBe(200);
    expect((await browser.post("/sign-in/magic-link", { email: address("rl") })).status).toBe(429);
    for (let i = 0; i < 5; i++) expect((await browser.get("/magic-link/verify?token=x&callbackURL=/")).status).toBe(302);
    expect((await browser.get("/magic-link/verify?token=x&callbackURL=/")).status).toBe(429);
  });
});
