import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createRecordingMailer, createTestBrowser, signUpPerson, testDialects, TEST_BASE_URL, type RecordingMailer, type TestAuth } from "../testing/index.js";
import type { TestOpenIDProvider } from "../testing/oidc-provider.js";
import { lastMailTo, magicLinkIn } from "./passwordless-support.js";
import { createSocialAuth, startSocialProvider } from "./social-harness.js";
import { PASSWORD, sessionEmail } from "./two-factor-support.js";

/**
 * Tokens belong to their flow (the class of CVE-2026-110862: one verification table looked up by
 * token without the flow). Every lookup names its flow (store/verification-store.ts), so an OAuth
 * state, a reset token and a magic-link token are each unknown to the others' endpoints.
 */
describe.each(testDialects())("tokens bound to their flow on %s", (dialect) => {
  let idp: TestOpenIDProvider;
  let t: TestAuth;
  let mailer: RecordingMailer;
  let counter = 0;
  const address = (name: string): string => `${name}-${dialect}-${++counter}@example.com`;
  beforeAll(async () => {
    idp = await startSocialProvider();
  });
  afterAll(async () => idp.close());
  afterEach(async () => t.destroy());

  async function setup(): Promise<void> {
    mailer = createRecordingMailer();
    t = await createSocialAuth(dialect, idp, { mailer, rateLimit: { enabled: false }, magicLink: { enabled: true } });
  }

  async function magicLinkToken(email: string): Promise<string> {
    expect((await createTestBrowser(t.auth).post("/sign-in/magic-link", { email })).status).toBe(200);
    return magicLinkIn(await lastMailTo(t, mailer, email)).searchParams.get("token")!;
  }

  async function resetToken(email: string): Promise<string> {
    expect((await createTestBrowser(t.auth).post("/request-password-reset", { email, redirectTo: "/reset" })).status).toBe(200);
    const mail = await lastMailTo(t, mailer, email);
    const match = /\/reset-password\/([A-Za-z0-9]+)/.exec(mail.text);
    return match![1]!;
  }

  async function expectNoSignIn(token: string): Promise<void> {
    const browser = createTestBrowser(t.auth);
    const opened = await browser.get(`/magic-link/verify?token=${encodeURIComponent(token)}&callbackURL=/home`);
    if (opened.status === 302) expect(new URL(opened.headers.get("location")!, TEST_BASE_URL).searchParams.get("error")).toBe("INVALID_TOKEN");
    else expect(opened.status).toBeGreaterThanOrEqual(400);
    expect(opened.headers.getSetCookie().some((cookie) => cookie.includes("session_token"))).toBe(false);
    expect(await sessionEmail(browser)).toBeNull();
  }

  it("an OAuth state signs nobody in at /magic-link/verify", async () => {
    await setup();
    const start = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", callbackURL: "/dashboard" });
    const state = new URL(((await start.json()) as { url: string }).url).searchParams.get("state")!;
    expect(state.length).toBeGreaterThanOrEqual(16);
    await expectNoSignIn(state);
    const user = await t.database.db.selectFrom("user").select("id").execute();
    expect(user).toEqual([]);
  });

  it("a password-reset token signs nobody in at /magic-link/verify, and still resets afterwards", async () => {
    await setup();
    const person = await signUpPerson(t.auth, "Rhea", address("rhea"));
    const token = await resetToken(person.email);
    await expectNoSignIn(token);
    expect((await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "a whole new passphrase" })).status).toBe(200);
  });

  it("a magic-link token is no reset token: POST /reset-password 400 INVALID_TOKEN with the password unchanged, GET /reset-password/<it> error=INVALID_TOKEN", async () => {
    await setup();
    const person = await signUpPerson(t.auth, "Mags", address("mags"));
    const token = await magicLinkToken(person.email);
    const posted = await createTestBrowser(t.auth).post("/reset-password", { token, newPassword: "a whole new passphrase" });
    expect(posted.status).toBe(400);
    expect(((await posted.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect((await createTestBrowser(t.auth).post("/sign-in/email", { email: person.email, password: PASSWORD })).status).toBe(200);
    const opened = await createTestBrowser(t.auth).get(`/reset-password/${token}?callbackURL=/reset`);
    expect(opened.status).toBe(302);
    expect(new URL(opened.headers.get("location")!, TEST_BASE_URL).searchParams.get("error")).toBe("INVALID_TOKEN");
    // The link itself still works for its own flow.
    expect((await createTestBrowser(t.auth).get(`/magic-link/verify?token=${token}&callbackURL=/home`)).headers.get("location")).toBe(`${TEST_BASE_URL}/home`);
  });
});
