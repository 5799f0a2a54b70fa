/**
 * Facebook: ID-token sign-in takes Limited Login JWTs only (iss www.facebook.com or
 * limited.facebook.com, RS256, Limited Login's key set); an opaque Graph access token is refused.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/facebook.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";
import type { ProviderFixture } from "./stand-in.js";

function issuedBy(issuer: string): ProviderFixture {
  if (!fixture.idToken) throw new Error("the facebook fixture has ID tokens");
  return { ...fixture, idToken: { ...fixture.idToken, issuer } };
}

describe("facebook", () => {
  let h: ProviderFlow | undefined;
  afterEach(async () => {
    await h?.destroy();
    h = undefined;
  });

  it("accepts a Limited Login token issued as https://limited.facebook.com, mapped from its claims without a Graph call", async () => {
    h = await startProviderFlow(issuedBy("https://limited.facebook.com"));
    const token = await h.standIn.signIdToken("n-1");
    const signedIn = await h.browser.post("/sign-in/social", { provider: "facebook", idToken: { token, nonce: "n-1" } });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { email: string; emailVerified: boolean; image: string } }).user).toMatchObject({
      email: "ada@example.com",
      emailVerified: false,
      image: fixture.expected.image,
    });
    expect(h.standIn.requests.some((r) => r.url.hostname === "graph.facebook.com")).toBe(false);
    expect(h.standIn.requests.some((r) => r.url.href === "https://limited.facebook.com/.well-known/oauth/openid/jwks/")).toBe(true);
  });

  it("refuses a token from any other issuer", async () => {
    h = await startProviderFlow(issuedBy("https://accounts.example.com"));
    const token = await h.standIn.signIdToken();
    const refused = await h.browser.post("/sign-in/social", { provider: "facebook", idToken: { token } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });

  it("refuses an opaque Graph access token as an ID token, without asking the Graph API who it is", async () => {
    h = await startProviderFlow(fixture);
    // A real access token of this app: /me would answer for it, but it is not bound to this app.
    const { location } = await h.run();
    expect(location).toBe("/dashboard");
    const accessToken = h.standIn.issuedAccessTokens[0] ?? "";
    const graphCalls = h.standIn.requests.filter((r) => r.url.hostname === "graph.facebook.com").length;
    const refused = await h.browser.post("/sign-in/social", { provider: "facebook", idToken: { token: accessToken, accessToken } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: "INVALID_TOKEN" });
    expect(h.standIn.requests.filter((r) => r.url.hostname === "graph.facebook.com")).toHaveLength(graphCalls);
  });

  it("with `openid` asked for, the web flow's id_token is left out: the profile is still Graph's /me", async () => {
    const withWebIdToken: ProviderFixture = {
      ...fixture,
      token: {
        ...fixture.token,
        answer: (input) => ({
          ...fixture.token.answer(input),
          id_token: "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiJodHRwczovL3d3dy5mYWNlYm9vay5jb20ifQ.c2lnbmVkLWJ5LXdlYi1rZXlz",
        }),
      },
    };
    h = await startProviderFlow(withWebIdToken, { ...fixture.options, scope: ["openid"] });
    const { authorizationURL, location } = await h.run();
    expect(authorizationURL.searchParams.get("scope")).toBe("email public_profile openid");
    expect(location).toBe("/dashboard");
    expect(h.standIn.requests.some((r) => r.url.pathname === "/v24.0/me")).toBe(true);
    const accounts = (await (await h.browser.get("/list-accounts")).json()) as Array<{ accountId: string }>;
    expect(accounts.map((a) => a.accountId)).toEqual([fixture.expected.id]);
  });

  it("asks /me for id, name, email and picture plus the configured fields; sends config_id when set", async () => {
    h = await startProviderFlow(fixture, { ...fixture.options, fields: ["first_name", "email"], configId: "987654321" });
    const { authorizationURL } = await h.run();
    expect(authorizationURL.searchParams.get("config_id")).toBe("987654321");
    const me = h.standIn.requests.find((r) => r.url.href.startsWith("https://graph.facebook.com/v24.0/me"));
    expect(me?.url.searchParams.get("fields")).toBe("id,name,email,picture,first_name");
    expect(me?.headers.get("authorization")).toBe(`Bearer ${h.standIn.issuedAccessTokens[0]}`);
  });
});
