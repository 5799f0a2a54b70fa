/**
 * LinkedIn's ID token: better-auth neither verifies it nor offers ID-token sign-in for
 * LinkedIn, and LinkedIn's published issuer spellings disagree. Gatehouse decides: no ID-token
 * policy, so no nonce is asked for, the token answer's ID token is dropped unread and never
 * stored, and the person comes from the OpenID userinfo endpoint with the access token.
 */
import { afterEach, describe, expect, it } from "vitest";
import { fixture, LINKEDIN_USER } from "./fixtures/linkedin.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.destroy();
  flow = undefined;
});

describe("linkedin", () => {
  it("signs in from userinfo, asks for no nonce, and keeps no ID token (not even an unverifiable one)", async () => {
    flow = await startProviderFlow(fixture);
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(authorizationURL.searchParams.has("nonce")).toBe(false);
    const info = flow.standIn.requests.find((r) => r.url.href === "https://api.linkedin.com/v2/userinfo");
    expect(info?.headers.get("authorization")).toBe(`Bearer ${flow.standIn.issuedAccessTokens[0]}`);
    const account = await flow.t.database.db.selectFrom("account").selectAll().where("providerId", "=", "linkedin").executeTakeFirstOrThrow();
    expect(account.accountId).toBe("782bbtaQ");
    expect(account.idToken).toBeNull();
    expect(account.accessToken).not.toBeNull();
    // The token endpoint takes the secret in the body only (LinkedIn refuses HTTP Basic).
    const exchange = flow.standIn.requests.find((r) => r.body.grant_type === "authorization_code");
    expect(exchange?.body).toMatchObject({ client_id: "86x2c9ylxdyyp3", client_secret: "WPL_AP1.linkedin-secret" });
    expect(exchange?.headers.has("authorization")).toBe(false);
  });

  it("does not vouch for an address LinkedIn has not verified", async () => {
    flow = await startProviderFlow({ ...fixture, api: { "https://api.linkedin.com/v2/userinfo": () => ({ ...LINKEDIN_USER, email_verified: false }) } });
    await flow.run();
    const session = (await (await flow.browser.get("/get-session")).json()) as { user: { email: string; emailVerified: boolean } };
    expect(session.user).toMatchObject({ email: "doe@email.com", emailVerified: false });
  });
});
