/** Cognito's quirks beyond the contract: app clients without a secret, the IdP preselection, and the user-info fallback. */
import { afterEach, describe, expect, it } from "vitest";
import { fixture } from "./fixtures/cognito.js";
import { startProviderFlow, type ProviderFlow } from "./provider-flow.js";

let flow: ProviderFlow | undefined;
afterEach(async () => {
  await flow?.t.destroy();
  flow = undefined;
});

describe("cognito", () => {
  it("an app client without a secret sends its id in the body, no Basic header", async () => {
    const { clientSecret: _secret, ...publicOptions } = fixture.options;
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, auth: "none" } }, { ...publicOptions, identityProvider: "Google" });
    const { authorizationURL, location } = await flow.run();
    expect(location).toBe("/dashboard");
    expect(authorizationURL.searchParams.get("identity_provider")).toBe("Google");
    const exchange = flow.standIn.requests.find((r) => r.url.href === fixture.token.url);
    expect(exchange?.headers.get("authorization")).toBeNull();
  });

  it("reads /oauth2/userInfo (email_verified as the string 'true') when the token answer has no ID token", async () => {
    flow = await startProviderFlow({ ...fixture, token: { ...fixture.token, answer: (input) => fixture.token.answer({ ...input, idToken: null }) } });
    expect((await flow.run()).location).toBe("/dashboard");
    expect(await flow.sessionUser()).toMatchObject({ email: "ada@example.com", emailVerified: true, name: "Ada" });
  });
});
