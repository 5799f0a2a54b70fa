import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, GOOGLE_CLIENT, obtainProviderTokens, person, REDIRECT_URI, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/**
 * idToken.expiresAt (milliseconds) past the Date range made the stored expiry an Invalid Date:
 * a returning person's sign-in answered 500 while writing the account's tokens.
 */
describe.each(testDialects())("ID-token sign-in with an out-of-range expiresAt on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => t.destroy());

  it("is a 400 naming the field, not a 500", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const signIn = async (expiresAt: number): Promise<Response> => {
      const { id_token: token } = await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce: "n" });
      return createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token, nonce: "n", accessToken: "at", expiresAt } });
    };
    expect((await signIn(Date.now() + 3_600_000)).status).toBe(200);
    for (const expiresAt of [1e20, -1e20]) {
      const response = await signIn(expiresAt);
      expect(response.status).toBe(400);
      const answer = (await response.json()) as { code: string; message: string };
      expect(answer.code).toBe("VALIDATION_ERROR");
      expect(answer.message).toContain("[body.idToken.expiresAt]");
    }
  });
});
