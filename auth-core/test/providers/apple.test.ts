/**
 * Apple's quirks beyond the contract: the name that only the first form_post carries, the client
 * secret (ready-made, or signed here and renewed before it expires), the hashed nonce of the
 * native SDKs and the bundle id as an ID-token audience.
 */
import { createHash } from "node:crypto";
import { decodeJwt } from "jose";
import { afterEach, describe, expect, it } from "vitest";
import { createTestBrowser } from "../../testing/index.js";
import { fixture, TEAM_ID } from "./fixtures/apple.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

function clientSecretsSent(f: ProviderFlow): string[] {
  return f.standIn.requests.filter((r) => r.url.href === fixture.token.url).map((r) => r.body.client_secret ?? "");
}

describe("apple form_post", () => {
  it("takes the name from the first-time `user` field of the form_post", async () => {
    flow = await startProviderFlow(fixture);
    const user = JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "ada@privaterelay.appleid.com" });
    const { location } = await flow.run({ user });
    expect(location).toBe("/dashboard");
    expect(await flow.sessionUser()).toMatchObject({ name: "Ada Lovelace", email: "ada@privaterelay.appleid.com", emailVerified: true, image: null });
  });

  it("signs in without a name when `user` is absent or not JSON", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run({ user: "{not json" });
    expect((await flow.sessionUser())?.name).toBe("ada@privaterelay.appleid.com");
  });

  it("asks for form_post and only a code", async () => {
    flow = await startProviderFlow(fixture);
    const { authorizationURL } = await flow.run();
    expect(authorizationURL.searchParams.get("response_mode")).toBe("form_post");
    expect(authorizationURL.searchParams.get("response_type")).toBe("code");
    // Scopes joined with %20, never "+".
    expect(authorizationURL.search).toContain("scope=email%20name");
  });
});

describe("apple client secret", () => {
  it("signs an ES256 secret for the team and reuses it until shortly before it expires", async () => {
    flow = await startProviderFlow(fixture);
    await flow.run();
    await flow.browser.post("/refresh-token", { providerId: "apple" });
    const [first, second] = clientSecretsSent(flow);
    expect(second).toBe(first);
    const claims = decodeJwt(first!);
    expect(claims).toMatchObject({ iss: TEAM_ID, sub: "com.example.web", aud: "https://appleid.apple.com" });
    expect(claims.exp! - claims.iat!).toBeGreaterThan(0);

    // Near its end, the next request carries a newly signed secret that the token endpoint accepts.
    flow.t.clock.advance((claims.exp! - claims.iat! - 60) * 1000);
    const refreshed = await flow.browser.post("/refresh-token", { providerId: "apple" });
    expect(refreshed.status).toBe(200);
    const third = clientSecretsSent(flow).at(-1)!;
    expect(third).not.toBe(first);
    expect(decodeJwt(third).iat).toBeGreaterThan(claims.iat!);
  });

  it("sends a ready-made clientSecret as given", async () => {
    const { teamId: _t, keyId: _k, privateKey: _p, ...rest } = fixture.options;
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, check: () => null } }, { ...rest, clientSecret: "eyJ.ready-made.secret" });
    await flow.run();
    expect(clientSecretsSent(flow)).toEqual(["eyJ.ready-made.secret"]);
  });

  it("refuses options with neither a secret nor a key to sign one", async () => {
    const { teamId: _t, keyId: _k, privateKey: _p, ...rest } = fixture.options;
    await expect(startProviderFlow(fixture, rest)).rejects.toThrow(/teamId, keyId and privateKey/);
  });
});

describe("apple ID-token sign-in", () => {
  it("accepts the SHA-256 of the nonce (native SDKs) and the bundle id as audience", async () => {
    flow = await startProviderFlow(fixture);
    const hashed = createHash("sha256").update("raw-nonce").digest("hex");
    const token = await flow.standIn.signIdToken(hashed, { audience: "com.example.ios" });
    const response = await createTestBrowser(flow.t.auth).post("/sign-in/social", { provider: "apple", idToken: { token, nonce: "raw-nonce" } });
    expect(response.status).toBe(200);
  });

  it("refuses another nonce, another audience and a token older than an hour", async () => {
    flow = await startProviderFlow(fixture);
    const browser = createTestBrowser(flow.t.auth);
    const wrongNonce = await flow.standIn.signIdToken("other-nonce");
    expect((await browser.post("/sign-in/social", { provider: "apple", idToken: { token: wrongNonce, nonce: "raw-nonce" } })).status).toBe(401);
    const otherApp = await flow.standIn.signIdToken("n", { audience: "com.other.app" });
    expect((await browser.post("/sign-in/social", { provider: "apple", idToken: { token: otherApp, nonce: "n" } })).status).toBe(401);
    const old = await flow.standIn.signIdToken("n", { claims: { iat: Math.floor(flow.t.clock.now().getTime() / 1000) - 2 * 3600 } });
    expect((await browser.post("/sign-in/social", { provider: "apple", idToken: { token: old, nonce: "n" } })).status).toBe(401);
  });

  it("still reads the code flow's ID token when client ID-token sign-in is off", async () => {
    flow = await startProviderFlow(fixture, { ...fixture.options, disableIdTokenSignIn: true });
    expect((await flow.run()).location).toBe("/dashboard");
    const token = await flow.standIn.signIdToken("n");
    const refused = await createTestBrowser(flow.t.auth).post("/sign-in/social", { provider: "apple", idToken: { token, nonce: "n" } });
    expect(refused.status).toBe(404);
  });
});
