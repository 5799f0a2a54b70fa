import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../src/testing/index.js";
import { createSocialAuth, createTestBrowser, GOOGLE_CLIENT, obtainProviderTokens, person, REDIRECT_URI, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/** Social sign-in follows better-auth: a person with two-factor on gets no second step. */
describe.each(testDialects())("social sign-in with two-factor on, on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("signs in with the provider's ID token and no pending step", async () => {
    t = await createSocialAuth(dialect, idp, { rateLimit: { enabled: false }, twoFactor: { enabled: true } });
    const email = "grace@example.com";
    const grace = person({ email });
    idp.setPerson(grace);
    let signIns = 0;
    const signIn = async (): Promise<{ status: number; body: { token?: string; twoFactorRedirect?: boolean }; cookies: string[] }> => {
      // A nonce of its own: two tokens of the same second would otherwise be the same token (a replay).
      const nonce = `n-${++signIns}`;
      const { id_token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce });
      const browser = createTestBrowser(t.auth);
      const response = await browser.post("/sign-in/social", { provider: "google", idToken: { token: id_token, nonce } });
      const body = (await response.json()) as { token?: string };
      return { status: response.status, body, cookies: [...browser.cookies.keys()] };
    };
    expect((await signIn()).status).toBe(200);
    // Two-factor on for this person (as after enable and a first code).
    await t.database.db.updateTable("user").set({ twoFactorEnabled: 1 }).where("email", "=", email).execute();
    const again = await signIn();
    expect(again.status).toBe(200);
    expect(again.body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(again.body.twoFactorRedirect).toBeUndefined();
    expect(again.cookies).toContain("gatehouse.session_token");
    expect(again.cookies).not.toContain("gatehouse.two_factor");
  });
});
