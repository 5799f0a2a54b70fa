import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDialects, type TestAuth, type TestOpenIDProvider } from "../testing/index.js";
import {
  createSocialAuth,
  createTestBrowser,
  GOOGLE_CLIENT,
  obtainProviderTokens,
  OTHER_CLIENT,
  OTHER_REDIRECT_URI,
  person,
  REDIRECT_URI,
  startSocialProvider,
} from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

/** An ID token the provider signed for our client (as Google One Tap or a mobile app gets one). */
async function googleIdToken(nonce = "nonce-123", scope?: string): Promise<string> {
  return (await obtainProviderTokens(idp, GOOGLE_CLIENT, REDIRECT_URI, { nonce, scope })).id_token;
}

describe.each(testDialects())("ID-token sign-in on %s", (dialect) => {
  let t: TestAuth;
  afterEach(async () => {
    await t.destroy();
  });

  it("signs in with a token the provider signed and answers a session", async () => {
    t = await createSocialAuth(dialect, idp);
    const ada = person({ name: "Ada" });
    idp.setPerson(ada);
    const token = await googleIdToken();
    const browser = createTestBrowser(t.auth);
    const response = await browser.post("/sign-in/social", { provider: "google", idToken: { token, nonce: "nonce-123" } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown> & { user: { email: string }; token: string };
    expect(body.redirect).toBe(false);
    expect(body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(body.user.email).toBe(ada.email);
    expect(((await (await browser.get("/get-session")).json()) as { session: { token: string } }).session.token).toBe(body.token);
    const account = await t.database.db.selectFrom("account").selectAll().executeTakeFirstOrThrow();
    expect(account).toMatchObject({ providerId: "google", accountId: ada.sub, accessToken: null });
    expect(account.idToken).toMatch(/^v1\./);
  });

  it.each([
    ["a bad signature", async (token: string) => `${token.slice(0, -6)}${token.endsWith("AAAAAA") ? "BBBBBB" : "AAAAAA"}`, "nonce-123"],
    ["a nonce that differs", async (token: string) => token, "another-nonce"],
  ])("refuses %s with 401 INVALID_TOKEN", async (_name, alter, nonce) => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const token = await alter(await googleIdToken());
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token, nonce } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("refuses a token signed for another app (wrong audience), unless that app is an allowed audience", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const token = (await obtainProviderTokens(idp, OTHER_CLIENT, OTHER_REDIRECT_URI)).id_token;
    const refused = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    await t.destroy();
    t = await createSocialAuth(dialect, idp, {}, { audience: [OTHER_CLIENT.clientId] });
    expect((await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token } })).status).toBe(200);
  });

  it("refuses an expired token (clock moved past exp and the one-hour maximum age)", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const token = await googleIdToken();
    t.clock.advance(60 * 60 * 1000 + 60_000);
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token, nonce: "nonce-123" } });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  it("refuses a token without an email with 401 USER_EMAIL_NOT_FOUND", async () => {
    t = await createSocialAuth(dialect, idp);
    idp.setPerson(person());
    const token = await googleIdToken("n", "openid profile");
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token, nonce: "n" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "USER_EMAIL_NOT_FOUND", message: "User email not found" });
  });

  it("answers 404 ID_TOKEN_NOT_SUPPORTED when ID-token sign-in is off", async () => {
    t = await createSocialAuth(dialect, idp, {}, { disableIdTokenSignIn: true });
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token: "x.y.z" } });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { code: string }).code).toBe("ID_TOKEN_NOT_SUPPORTED");
  });

  it("answers the linking refusal as 401 'account not linked'", async () => {
    t = await createSocialAuth(dialect, idp);
    await createTestBrowser(t.auth).post("/sign-up/email", { name: "Owner", email: "owner@example.com", password: "long enough password" });
    idp.setPerson(person({ email: "owner@example.com", emailVerified: false }));
    const response = await createTestBrowser(t.auth).post("/sign-in/social", { provider: "google", idToken: { token: await googleIdToken("n"), nonce: "n" } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "ACCOUNT_NOT_LINKED", message: "account not linked" });
  });

  it("links with an ID token through link-social, with the spec §8 refusals", async () => {
    t = await createSocialAuth(dialect, idp);
    const browser = createTestBrowser(t.auth);
    await browser.post("/sign-up/email", { name: "Linker", email: "linker@example.com", password: "long enough password" });

    idp.setPerson(person({ email: "someone-else@example.com" }));
    const different = await browser.post("/link-social", { provider: "google", idToken: { token: await googleIdToken("n"), nonce: "n" } });
    expect(different.status).toBe(401);
    expect(((await different.json()) as { message: string }).message).toBe("Account not linked - different emails not allowed");

    idp.setPerson(person({ email: "linker@example.com", emailVerified: false }));
    const unverified = await browser.post("/link-social", { provider: "google", idToken: { token: await googleIdToken("n"), nonce: "n" } });
    expect(unverified.status).toBe(401);
    expect(((await unverified.json()) as { message: string }).message).toBe("Account not linked - linking not allowed");

    idp.setPerson(person({ email: "linker@example.com" }));
    const linked = await browser.post("/link-social", { provider: "google", idToken: { token: await googleIdToken("n"), nonce: "n" } });
    expect(await linked.json()).toEqual({ url: "", redirect: false, status: true });
    const accounts = (await (await browser.get("/list-accounts")).json()) as Array<{ providerId: string }>;
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
  });
});
