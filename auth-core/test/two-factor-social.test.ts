import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUpPerson, testDialects, totpCodeFor, type TestAuth, type TestBrowser, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, GOOGLE_CLIENT, obtainProviderTokens, person, REDIRECT_URI, startSocialProvider } from "./social-harness.js";
import { turnOnTwoFactor } from "./two-factor-support.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * A provider sign-in of a person with two-factor on ends in the same pending step as a password
 * (Gatehouse beyond better-auth, whose twoFactor plugin asks nothing of social sign-in). The
 * redirect flow is in security-second-factor.test.ts; here the ID-token flow and a trusted browser.
 */
describe.each(testDialects())("social sign-in with two-factor on, on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("an ID-token sign-in answers { twoFactorRedirect, twoFactorMethods } like /sign-in/email; the step finishes it, and a trusted browser skips it", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, twoFactor: { enabled: true } });
    const pat = await signUpPerson(t.auth, "Grace", "grace@example.com");
    // An owner who proved the address (a first proof removes what was added before it).
    await t.database.db.updateTable("user").set({ emailVerified: 1 }).where("id", "=", pat.userId).execute();
    const { totpURI } = await turnOnTwoFactor(t, pat.browser);
    idp.setPerson(person({ email: pat.email }));
    let signIns = 0;
    const signIn = async (browser = createTestBrowser(t.auth)): Promise<{ status: number; body: Record<string, unknown>; browser: TestBrowser }> => {
      // A nonce of its own: two tokens of the same second would otherwise be the same token (a replay).
      const nonce = `n-${++signIns}`;
      const { id_token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce });
      const response = await browser.post("/sign-in/social", { provider: "google", idToken: { token: id_token, nonce } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown>, browser };
    };

    // The first ID-token sign-in links Google and stops at the step, as every later one does.
    for (const attempt of [await signIn(), await signIn()]) {
      expect(attempt.status).toBe(200);
      expect(attempt.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
      expect(attempt.browser.cookies.has("gatehouse.session_token")).toBe(false);
      expect(attempt.browser.cookies.has("gatehouse.two_factor")).toBe(true);
    }
    const again = await signIn();
    const passed = await again.browser.post("/two-factor/verify-totp", { code: totpCodeFor(totpURI, t.clock.now()), trustDevice: true });
    expect(passed.status).toBe(200);
    expect(await passed.json()).toMatchObject({ user: { email: pat.email, twoFactorEnabled: true } });
    expect(again.browser.cookies.has("gatehouse.session_token")).toBe(true);

    // The trusted browser signs in with the next ID token at once, as a password sign-in would.
    await again.browser.post("/sign-out");
    const trusted = await signIn(again.browser);
    expect(trusted.body).toMatchObject({ redirect: false, token: expect.stringMatching(/^[A-Za-z0-9]{32}$/) });
    expect(trusted.browser.cookies.has("gatehouse.session_token")).toBe(true);
  });
});
