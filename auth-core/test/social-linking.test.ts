import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestBrowser, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

async function signUpWithPassword(t: TestAuth, email: string): Promise<{ browser: TestBrowser; userId: string }> {
  const browser = createTestBrowser(t.auth);
  const response = await browser.post("/sign-up/email", { name: "Existing", email, password: "long enough password" });
  const { user } = (await response.json()) as { user: { id: string } };
  return { browser, userId: user.id };
}

async function sessionUser(browser: TestBrowser): Promise<{ id: string; emailVerified: boolean } | null> {
  const body = (await (await browser.get("/get-session")).json()) as { user: { id: string; emailVerified: boolean } } | null;
  return body?.user ?? null;
}

describe.each(testDialects())("spec §4 linking through the provider on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  // Every row is a real sign-in through the provider by a person whose email an existing
  // email-and-password user already has.
  it.each([
    { rule: "verified email links and signs in", verified: true, linking: {}, outcome: "linked" },
    { rule: "unverified email from a trusted provider links", verified: false, linking: { trustedProviders: ["google"] }, outcome: "linked" },
    { rule: "unverified email from an untrusted provider is refused", verified: false, linking: {}, outcome: "account_not_linked" },
    { rule: "linking disabled refuses even a verified email", verified: true, linking: { enabled: false }, outcome: "account_not_linked" },
  ])("$rule", async ({ verified, linking, outcome }) => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: linking } });
    const existing = await signUpWithPassword(t, "shared@example.com");
    idp.setPerson(person({ email: "shared@example.com", emailVerified: verified }));
    const browser = createTestBrowser(t.auth);
    const flow = await runFlow(browser, idp, { errorCallbackURL: "/login" });
    const accounts = await t.database.db.selectFrom("account").select(["providerId", "userId"]).orderBy("providerId").execute();
    if (outcome === "linked") {
      expect(flow.location).toBe("/dashboard");
      expect((await sessionUser(browser))?.id).toBe(existing.userId);
      // A provider that vouches for the never-proven address is its first proof: the password set
      // before it goes (security-squatter-eviction.test.ts); a trusted provider's link proves nothing.
      expect(accounts).toEqual([
        ...(verified ? [] : [{ providerId: "credential", userId: existing.userId }]),
        { providerId: "google", userId: existing.userId },
      ]);
      // A provider vouching for the address verifies it (only when it says so).
      expect((await sessionUser(browser))?.emailVerified).toBe(verified);
    } else {
      expect(flow.location).toBe(`/login?error=${outcome}`);
      expect(await sessionUser(browser)).toBeNull();
      expect(accounts).toEqual([{ providerId: "credential", userId: existing.userId }]);
    }
  });

  it("signs a returning person in to the same user, even with linking disabled, and refreshes the tokens", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { enabled: false } } });
    idp.setPerson(person());
    const first = createTestBrowser(t.auth);
    await runFlow(first, idp);
    const before = await t.database.db.selectFrom("account").selectAll().executeTakeFirstOrThrow();
    const again = createTestBrowser(t.auth);
    expect((await runFlow(again, idp)).location).toBe("/dashboard");
    expect((await sessionUser(again))?.id).toBe((await sessionUser(first))?.id);
    const after = await t.database.db.selectFrom("account").selectAll().execute();
    expect(after).toHaveLength(1);
    expect(after[0]!.accessToken).not.toBe(before.accessToken);
  });

  it("mails a verification link on sign-up when sendOnSignUp is set and the provider did not verify the email", async () => {
    const mails: Array<{ to: string; text: string }> = [];
    t = await createSocialAuth(dialect, idp, { mailer: { send: async (m) => void mails.push(m) }, emailVerification: { sendOnSignUp: true } });
    idp.setPerson(person({ email: "verified@example.com", emailVerified: true }));
    await runFlow(createTestBrowser(t.auth), idp);
    expect(mails).toEqual([]);
    idp.setPerson(person({ email: "unverified@example.com", emailVerified: false }));
    const browser = createTestBrowser(t.auth);
    expect((await runFlow(browser, idp)).location).toBe("/dashboard");
    expect(mails.map((m) => m.to)).toEqual(["unverified@example.com"]);
    expect(mails[0]!.text).toContain("/api/auth/verify-email?token=");
    expect((await sessionUser(browser))?.emailVerified).toBe(false);
  });

  it("sign-up disabled still lets an existing user link and sign in", async () => {
    t = await createSocialAuth(dialect, idp, {}, { disableSignUp: true });
    const existing = await signUpWithPassword(t, "member@example.com");
    idp.setPerson(person({ email: "member@example.com" }));
    const browser = createTestBrowser(t.auth);
    expect((await runFlow(browser, idp)).location).toBe("/dashboard");
    expect((await sessionUser(browser))?.id).toBe(existing.userId);
  });
});

describe.each(testDialects())("link-social through the provider on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it.each([
    { rule: "same verified email links", provider: { emailVerified: true }, linking: {}, expected: "/settings" },
    { rule: "unverified and untrusted", provider: { emailVerified: false }, linking: {}, expected: "/settings?error=unable_to_link_account" },
    { rule: "unverified but trusted", provider: { emailVerified: false }, linking: { trustedProviders: ["google"] }, expected: "/settings" },
    { rule: "linking disabled", provider: { emailVerified: true }, linking: { enabled: false }, expected: "/settings?error=unable_to_link_account" },
    { rule: "different email", provider: { email: "elsewhere@example.com" }, linking: {}, expected: "/settings?error=email_doesn%27t_match" },
    { rule: "different email allowed", provider: { email: "elsewhere@example.com" }, linking: { allowDifferentEmails: true }, expected: "/settings" },
  ])("$rule", async ({ provider, linking, expected }) => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: linking } });
    const { browser, userId } = await signUpWithPassword(t, "linker@example.com");
    idp.setPerson(person({ email: "linker@example.com", ...provider }));
    const flow = await runFlow(browser, idp, { callbackURL: "/settings", errorCallbackURL: "/settings" }, "/link-social");
    expect(flow.started.redirect).toBe(true);
    expect(flow.location).toBe(expected);
    const google = await t.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").execute();
    expect(google.map((a) => a.userId)).toEqual(expected === "/settings" ? [userId] : []);
    // Linking never signs anyone else in: the browser keeps its own session.
    expect((await sessionUser(browser))?.id).toBe(userId);
  });

  it("account_already_linked_to_different_user", async () => {
    t = await createSocialAuth(dialect, idp, { account: { accountLinking: { allowDifferentEmails: true } } });
    const googler = person({ email: "first@example.com" });
    idp.setPerson(googler);
    await runFlow(createTestBrowser(t.auth), idp);
    const { browser } = await signUpWithPassword(t, "second@example.com");
    const flow = await runFlow(browser, idp, { callbackURL: "/settings", errorCallbackURL: "/settings" }, "/link-social");
    expect(flow.location).toBe("/settings?error=account_already_linked_to_different_user");
  });

  it("needs a session", async () => {
    t = await createSocialAuth(dialect, idp);
    const response = await createTestBrowser(t.auth).post("/link-social", { provider: "google" });
    expect(response.status).toBe(401);
  });
});
