import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deriveTokenEncryptionKey, encryptToken } from "../src/crypto/token-encryption.js";
import { systemRandom } from "../src/deps/random.js";
import { TEST_SECRET, testDialects, type TestAuth, type TestBrowser, type TestOpenIDProvider } from "../testing/index.js";
import { createSocialAuth, createTestBrowser, person, runFlow, startSocialProvider } from "./social-harness.js";

let idp: TestOpenIDProvider;
beforeAll(async () => {
  idp = await startSocialProvider();
});
afterAll(async () => {
  await idp.close();
});

interface AccessTokenAnswer {
  accessToken: string;
  accessTokenExpiresAt: string;
  scopes: string[];
  idToken: string;
}

async function providerAccepts(accessToken: string): Promise<boolean> {
  const response = await fetch(`${idp.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return response.ok;
}

describe.each(testDialects())("provider tokens on %s", (dialect) => {
  let t: TestAuth;
  let browser: TestBrowser;
  let userId: string;
  afterEach(async () => {
    await t.destroy();
  });
  async function signIn(): Promise<void> {
    t = await createSocialAuth(dialect, idp, {}, { accessType: "offline", prompt: "consent" });
    idp.setPerson(person());
    browser = createTestBrowser(t.auth);
    const flow = await runFlow(browser, idp);
    expect(flow.started.url).toContain("access_type=offline");
    expect(flow.started.url).toContain("prompt=consent");
    userId = ((await (await browser.get("/get-session")).json()) as { user: { id: string } }).user.id;
  }

  it("get-access-token answers the stored token, and refreshes it only when it expires within 5 s", async () => {
    await signIn();
    const first = (await (await browser.post("/get-access-token", { providerId: "google" })).json()) as AccessTokenAnswer;
    expect(await providerAccepts(first.accessToken)).toBe(true);
    expect(first.scopes).toEqual(["email", "profile", "openid"]);
    expect(first.idToken.split(".")).toHaveLength(3);

    const expiresAt = Date.parse(first.accessTokenExpiresAt);
    t.clock.set(new Date(expiresAt - 6_000));
    const notYet = (await (await browser.post("/get-access-token", { providerId: "google" })).json()) as AccessTokenAnswer;
    expect(notYet.accessToken).toBe(first.accessToken);

    t.clock.set(new Date(expiresAt - 4_000));
    const refreshed = (await (await browser.post("/get-access-token", { providerId: "google" })).json()) as AccessTokenAnswer;
    expect(refreshed.accessToken).not.toBe(first.accessToken);
    expect(Date.parse(refreshed.accessTokenExpiresAt)).toBeGreaterThan(expiresAt);
    expect(await providerAccepts(refreshed.accessToken)).toBe(true);
    const stored = await t.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").executeTakeFirstOrThrow();
    expect(stored.accessTokenExpiresAt).toBe(refreshed.accessTokenExpiresAt);
  });

  it("refresh-token refreshes at once and stores the new tokens", async () => {
    await signIn();
    const before = await t.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").executeTakeFirstOrThrow();
    const response = await browser.post("/refresh-token", { providerId: "google" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { accessToken: string; refreshToken: string; tokenType: string };
    expect(await providerAccepts(body.accessToken)).toBe(true);
    expect(body.tokenType).toBe("Bearer");
    const after = await t.database.db.selectFrom("account").selectAll().where("providerId", "=", "google").executeTakeFirstOrThrow();
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(after.refreshToken).toMatch(/^v1\./);
  });

  it("accepts userId only from server code, never over HTTP", async () => {
    await signIn();
    const stranger = createTestBrowser(t.auth);
    const overHTTP = await stranger.post("/get-access-token", { providerId: "google", userId });
    expect(overHTTP.status).toBe(401);
    expect((await stranger.post("/refresh-token", { providerId: "google", userId })).status).toBe(401);
    const fromServer = await t.auth.api.getAccessToken({ body: { providerId: "google", userId } });
    expect(await providerAccepts(fromServer.accessToken!)).toBe(true);
    await expect(t.auth.api.getAccessToken({ body: { providerId: "google" } })).rejects.toMatchObject({
      status: 400,
      message: "Either userId or session is required",
    });
    const refreshed = await t.auth.api.refreshToken({ body: { providerId: "google", userId } });
    expect(await providerAccepts(refreshed.accessToken!)).toBe(true);
  });

  it("answers the spec §8 messages for unknown providers, missing accounts and failed refreshes", async () => {
    await signIn();
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/get-access-token", { providerId: "github" }, "Provider github is not supported."],
      ["/refresh-token", { providerId: "google", accountId: "nope" }, "Account not found"],
    ];
    for (const [path, body, message] of cases) {
      const response = await browser.post(path, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe(message);
    }
    // A refresh token the provider does not know: the refresh fails.
    const unknownToken = encryptToken(deriveTokenEncryptionKey(TEST_SECRET), systemRandom, "not-a-refresh-token-the-provider-issued");
    await t.database.db.updateTable("account").set({ refreshToken: unknownToken }).where("providerId", "=", "google").execute();
    const refresh = await browser.post("/refresh-token", { providerId: "google" });
    expect(await refresh.json()).toMatchObject({ message: "Failed to refresh access token" });
    t.clock.advance(2 * 60 * 60 * 1000);
    const access = await browser.post("/get-access-token", { providerId: "google" });
    expect(await access.json()).toMatchObject({ message: "Failed to get a valid access token" });
  });

  it("account-info answers the provider's profile of a linked account", async () => {
    await signIn();
    const [account] = (await (await browser.get("/list-accounts")).json()) as Array<{ id: string; accountId: string }>;
    const response = await browser.post("/account-info", { accountId: account!.id });
    expect(response.status).toBe(200);
    const info = (await response.json()) as { user: { id: string; email: string; emailVerified: boolean }; data: { sub: string } };
    expect(info.user.id).toBe(account!.accountId);
    expect(info.user.emailVerified).toBe(true);
    expect(info.data.sub).toBe(account!.accountId);
    expect((await browser.post("/account-info", { accountId: "someone-elses" })).status).toBe(400);
  });
});
